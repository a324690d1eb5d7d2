import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ImportFormat, parseImportFile } from '../../../utils/import';
import { failure, type Result } from '../../../utils/result';
import type { StaticServer } from '../static-server';
import type { Command } from './args';
import { type LinkInput, type WorkItem, workItem } from './links';

/** What the command will clip, read before anything starts: a bad file stops it with its sentence. */
export interface Inputs {
  /** Links from the command line and the --from files, in order. */
  links: Array<{ link: LinkInput; format?: ImportFormat } | { file: string }>;
  /** Lines of the export files that name no page, as sentences. */
  notices: string[];
}

export function readInputs(command: Command): Result<Inputs> {
  const links: Inputs['links'] = [];
  const notices: string[] = [];
  for (const target of command.targets) {
    links.push(
      target.kind === 'url'
        ? { link: { url: target.url, tags: [], folders: [], highlights: [] } }
        : { file: target.path },
    );
  }
  for (const file of command.from) {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      return failure(
        'usage',
        `--from ${file}: the file cannot be read (${(error as Error).message}).`,
      );
    }
    const parsed = parseImportFile(bytes, {
      fileName: basename(file),
      ...(command.format !== undefined && { format: command.format }),
    });
    if (!parsed.ok) return parsed;
    for (const link of parsed.links) links.push({ link, format: parsed.format });
    for (const entry of parsed.skipped) {
      notices.push(`${basename(file)}, line ${entry.line}: ${entry.reason}`);
    }
  }
  return { ok: true, links, notices };
}

/** The work items, local files served over loopback (extensions cannot script file:// pages). */
export async function workItems(
  inputs: Inputs,
  command: Command,
  serve: (folder: string) => Promise<StaticServer>,
): Promise<WorkItem[]> {
  const servers = new Map<string, StaticServer>();
  const items: WorkItem[] = [];
  for (const input of inputs.links) {
    if ('link' in input) {
      items.push(workItem(input.link, command, undefined, input.format));
      continue;
    }
    const path = resolve(input.file);
    const folder = resolve(path, '..');
    let server = servers.get(folder);
    if (!server) {
      server = await serve(folder);
      servers.set(folder, server);
    }
    const sourceAddress = pathToFileURL(path).href;
    items.push(
      workItem({ url: sourceAddress, tags: [], folders: [], highlights: [] }, command, {
        openUrl: server.urlFor(encodeURIComponent(basename(path))),
        sourceAddress,
      }),
    );
  }
  return items;
}
