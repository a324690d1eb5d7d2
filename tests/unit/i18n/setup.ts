import { useLocale } from './fake-i18n';

// Unit tests run in English, like the e2e suite's Chromium.
useLocale('en');
