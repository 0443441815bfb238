// Standalone entry (development); the shell uses remoteEntry.js and ./Module instead.
import('./bootstrap');
