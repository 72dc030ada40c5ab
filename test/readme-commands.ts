/**
 * The shell commands of README.md, as the registry test runs them (test/registry.deploy.test.ts
 * states the rule). Pure: text in, blocks of commands out.
 */

/** A fenced block of commands, in README order. */
export interface CommandBlock {
  /** 1-based line of the opening fence in README.md. */
  line: number;
  /** The heading the block sits under (`## Quick start`), for messages. */
  heading: string;
  /** One command a line: comments, prompts and line continuations resolved. */
  commands: string[];
}

/** A block the rule leaves out, with the reason its marker gives. */
export interface SkippedBlock {
  line: number;
  heading: string;
  reason: string;
}

/** Info strings of the blocks that run (CommonMark §4.5: the first word of the info string). */
const SHELL_LANGUAGES = new Set(['sh', 'bash', 'console']);
/** `<!-- not run: REASON -->` on the last non-blank line before a fence. */
const NOT_RUN = /^<!--\s*not run:\s*(.+?)\s*-->$/;

/**
 * Splits README text into the blocks that run and those marked not to.
 * @throws {Error} when a `not run` marker gives no reason, or a shell fence is never closed
 */
export function readmeCommandBlocks(markdown: string): { run: CommandBlock[]; skipped: SkippedBlock[] } {
  const lines = markdown.split('\n');
  const run: CommandBlock[] = [];
  const skipped: SkippedBlock[] = [];
  let heading = '(top)';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^#{1,6} /.test(line)) heading = line.trim();
    const fence = /^(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (fence === null) continue;
    const close = lines.findIndex((text, j) => j > i && text.trim().startsWith(fence[1] ?? '```'));
    if (close === -1) throw new Error(`README.md:${i + 1}: a fence that is never closed`);
    const language = fence[2] ?? '';
    const body = lines.slice(i + 1, close);
    const start = i;
    i = close;
    if (!SHELL_LANGUAGES.has(language)) continue;
    const marker = NOT_RUN.exec(previousNonBlank(lines, start));
    if (marker !== null) {
      skipped.push({ line: start + 1, heading, reason: marker[1] ?? '' });
      continue;
    }
    run.push({ line: start + 1, heading, commands: commandsOf(body, language === 'console') });
  }
  return { run, skipped };
}

function previousNonBlank(lines: readonly string[], index: number): string {
  for (let j = index - 1; j >= 0; j--) {
    const text = (lines[j] ?? '').trim();
    if (text !== '') return text;
  }
  return '';
}

/**
 * The commands of a block: a `\` at the end of a line joins the next; a `#` after a space starts a
 * comment; in a `console` block only lines starting with `$ ` are commands (the rest is output).
 */
export function commandsOf(body: readonly string[], console: boolean): string[] {
  const commands: string[] = [];
  let pending = '';
  for (const raw of body) {
    let text = raw;
    if (console && pending === '') {
      if (!text.startsWith('$ ')) continue;
      text = text.slice(2);
    }
    if (text.endsWith('\\')) {
      pending += text.slice(0, -1);
      continue;
    }
    const command = (pending + text).replace(/(^|\s)#(\s.*)?$/, '').trim();
    pending = '';
    if (command !== '') commands.push(command);
  }
  return commands;
}

/** Whether a command starts a server that runs until stopped (`sitegate serve`, `npx sitegate serve`, `npm start`). */
export function startsServer(command: string): boolean {
  return (
    /^(npx\s+(-y\s+)?)?sitegate\s+serve\b/.test(command) ||
    /^npm\s+(start|run\s+start)\b/.test(command) ||
    /&&\s*npm\s+start\b/.test(command)
  );
}
