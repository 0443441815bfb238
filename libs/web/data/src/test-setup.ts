// The api base is the page's origin; give Node one.
(globalThis as { location?: unknown }).location = new URL('http://localhost/');
