import { formatProblems, type Problem } from '#core/content/problems.ts';
import type { CheckReport } from './index.ts';

/** Human text for stderr: problems grouped by file, then one summary line. */
export function formatHuman(report: CheckReport): string {
  const { contentFiles, pages } = report.checked;
  return formatProblems(report.problems, contentFiles, `content files and ${pages} pages`);
}

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** GitHub Actions workflow commands: one ::error or ::warning annotation per problem. */
export function formatGithub(problems: Problem[]): string {
  return problems
    .map((p) => {
      const props = `file=${escapeProperty(p.file)},line=${p.line},col=${p.column},title=${escapeProperty(`site check: ${p.rule}`)}`;
      const detail = [
        p.message,
        p.url ? `page: ${p.url}` : '',
        p.expected !== undefined ? `expected: ${p.expected}` : '',
        p.received !== undefined ? `got: ${p.received}` : '',
        p.hint ? `hint: ${p.hint}` : '',
      ].filter(Boolean);
      return `::${p.severity === 'error' ? 'error' : 'warning'} ${props}::${escapeData(detail.join('\n'))}`;
    })
    .join('\n');
}
