// First: zod must parse without eval before any schema is built (utils/jitless.ts).
import '../../utils/jitless';
import { render } from 'preact';
import { t, uiLanguage } from '../../utils/i18n';
import { App } from './App';

document.documentElement.lang = uiLanguage();
document.title = t('options.title');
const root = document.getElementById('app');
if (root) render(<App />, root);
