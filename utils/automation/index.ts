/**
 * Hooks the automation build puts on the background's global scope (tests and the headless
 * command). A domain of its own: it reaches into clipping, quick capture and the outbox, and none
 * of them may depend on it.
 */
export { type AutomationHooks, createAutomationHooks, type PrepareTabRequest } from './hooks';
