import { renderStandalone } from '@solvr/web-data';
import '@solvr/web-ui/styles.css';
import { pages } from './remote-module';

renderStandalone('marketing', pages);
