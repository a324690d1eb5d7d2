// First: zod must parse without eval before any schema is built (utils/jitless.ts).
import '../../utils/jitless';
import { render } from 'preact';
import { App } from './App';

const root = document.getElementById('app');
if (root) render(<App />, root);
