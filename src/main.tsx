import '@blueprintjs/core/lib/css/blueprint.css';
import './app/app.css';
import './app/theme-dark-blue.css';
import { startApp } from './boot';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
startApp(root);
