export {
  type CheckDependencies,
  type ConnectionTest,
  checkDeck,
  listRecentNotes,
  type NoteDeck,
  type RecentNote,
  readNoteDeck,
  testConnection,
} from './checks';
export { registerConnectionChecks } from './handlers';
