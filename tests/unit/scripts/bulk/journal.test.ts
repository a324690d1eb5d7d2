import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDone, Journal } from '../../../../scripts/lib/bulk/journal';

describe('the run journal', () => {
  it('keeps the latest step of each link across runs', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'list.txt.clipdeck-journal');
    const first = new Journal(path);
    first.record({ key: 'https://a.example/1', state: 'submitted', clipId: 'c1' });
    first.record({ key: 'https://a.example/1', state: 'stored', noteId: 'n1' });
    first.record({ key: 'https://a.example/2', state: 'submitted', clipId: 'c2' });
    first.record({ key: 'https://a.example/3', state: 'failed', reason: 'timeout' });
    first.close();

    const second = new Journal(path);
    expect(isDone(second.latest.get('https://a.example/1'))).toBe(true);
    expect(second.latest.get('https://a.example/2')).toMatchObject({
      state: 'submitted',
      clipId: 'c2',
    });
    // A failed link is tried again by the next run.
    expect(isDone(second.latest.get('https://a.example/3'))).toBe(false);
    second.close();
  });

  it('survives a line cut short by a crash: the line is ignored and the next record starts clean', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'run.journal');
    const first = new Journal(path);
    first.record({ key: 'https://a.example/1', state: 'stored', noteId: 'n1' });
    first.close();
    appendFileSync(path, '{"key":"https://a.example/2","sta');

    const second = new Journal(path);
    expect([...second.latest.keys()]).toEqual(['https://a.example/1']);
    second.record({ key: 'https://a.example/2', state: 'stored', noteId: 'n2' });
    second.close();
    const third = new Journal(path);
    expect(third.latest.get('https://a.example/2')).toMatchObject({
      state: 'stored',
      noteId: 'n2',
    });
    third.close();
    expect(readFileSync(path, 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
  });
});
