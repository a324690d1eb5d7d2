export {
  type CheckDependencies,
  type CheckFailure,
  type CheckResult,
  type ConnectionTest,
  checkDeck,
  listRecentNotes,
  type NoteDeck,
  type RecentNote,
  readNoteDeck,
  testConnection,
} from './checks';
