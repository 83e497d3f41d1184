/**
 * `npm run test:mutation:report [-- FILE_PART ...]`: the last mutation run's scores per file and
 * its undetected mutants line by line, as the Markdown tables of docs/testing.md, read from
 * reports/mutation/mutation.json (`npm run test:mutation` writes it). With FILE_PART arguments,
 * only the files whose path contains one of them.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number } };
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}

const root = resolve(import.meta.dirname, '..');
const reportFile = resolve(root, 'reports/mutation/mutation.json');
let report: Report;
try {
  report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
} catch {
  console.error(`No mutation report at ${relative(root, reportFile)}: run npm run test:mutation`);
  process.exit(1);
}

const wanted = process.argv.slice(2);
const files = Object.entries(report.files)
  .map(([path, file]) => [relative(root, resolve(root, path)), file.mutants] as const)
  .filter(([path]) => wanted.length === 0 || wanted.some((part) => path.includes(part)))
  .sort(([a], [b]) => a.localeCompare(b));

const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const count = (mutants: readonly Mutant[], ...statuses: string[]) =>
  mutants.filter((m) => statuses.includes(m.status)).length;
const score = (mutants: readonly Mutant[]) => {
  const detected = count(mutants, 'Killed', 'Timeout');
  const valid = detected + count(mutants, 'Survived', 'NoCoverage');
  return valid === 0 ? 'n/a' : `${((100 * detected) / valid).toFixed(1)} %`;
};
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

console.log(row(['file', 'killed', 'timeout', 'survived', 'no coverage', 'ignored', 'score']));
console.log(row(['---', '---:', '---:', '---:', '---:', '---:', '---:']));
const all: Mutant[] = [];
for (const [path, mutants] of files) {
  all.push(...mutants);
  console.log(
    row([
      path,
      count(mutants, 'Killed'),
      count(mutants, 'Timeout'),
      count(mutants, 'Survived'),
      count(mutants, 'NoCoverage'),
      count(mutants, 'Ignored'),
      score(mutants),
    ]),
  );
}
console.log(
  row([
    '**together**',
    count(all, 'Killed'),
    count(all, 'Timeout'),
    count(all, 'Survived'),
    count(all, 'NoCoverage'),
    count(all, 'Ignored'),
    `**${score(all)}**`,
  ]),
);

const oneLine = (text: string) => text.replace(/\s+/g, ' ').replaceAll('|', '\\|').slice(0, 60);
for (const [path, mutants] of files) {
  const byLine = new Map<number, string[]>();
  for (const m of mutants.filter((m) => UNDETECTED.has(m.status))) {
    const line = m.location.start.line;
    const what = `${m.mutatorName} \`${oneLine(m.replacement ?? '')}\`${m.status === 'NoCoverage' ? ' (no coverage)' : ''}`;
    byLine.set(line, [...(byLine.get(line) ?? []), what]);
  }
  if (byLine.size === 0) continue;
  console.log(`\n**${path}**\n`);
  console.log(row(['line', 'mutation', 'kind', 'why']));
  console.log(row(['---:', '---', '---', '---']));
  for (const [line, what] of [...byLine].sort(([a], [b]) => a - b)) {
    console.log(row([line, what.join('; '), '', '']));
  }
}
