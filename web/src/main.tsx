/** The portal's entry: the app, mounted into index.html. Its look is styles.css, a sheet of its own in the build. */
import { render } from 'preact';
import { App } from './app.js';

render(<App />, document.getElementById('portal')!);
