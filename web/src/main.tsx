/** The portal's entry: the style sheet and the app, mounted into index.html. */
import { render } from 'preact';
import { App } from './app.js';
import './styles.css';

render(<App />, document.getElementById('portal')!);
