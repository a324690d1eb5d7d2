/**
 * Counts the complete lines a child process writes, however its output is cut into chunks.
 * A pipe hands output over in pieces of its own size, so one JSON line per note may arrive in two
 * chunks: counting the pieces of each chunk counted such a line twice (a 300-link run "printed"
 * 304 notes while its journal and the service had 300).
 */
export function lineCounter(): { add(chunk: Buffer | string): number; count(): number } {
  let complete = 0;
  return {
    add(chunk) {
      complete += chunk.toString().split('\n').length - 1;
      return complete;
    },
    count: () => complete,
  };
}
