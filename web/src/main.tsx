/**
 * The portal's entry: the app, mounted into index.html, and its style
 * sheets, in cascade order: the console's rules, uPlot's (through the
 * charts), then styles.css.
 */
import { render } from 'preact';
import './admin/admin.css';
import { App } from './app.js';
import './styles.css';

render(<App />, document.getElementById('portal')!);
