/**
 * The portal's entry: the app, mounted into index.html once the session this
 * browser holds is resumed (a new tab or a reload stays logged in). Its look
 * is styles.css, a sheet of its own in the build.
 */
import { render } from 'preact';
import { resumeSession } from './api.js';
import { App } from './app.js';

void resumeSession().finally(() => render(<App />, document.getElementById('portal')!));
