/**
 * `POST /api/feature/import`: a CSV or GeoJSON file's text. Every row is checked before anything is
 * written; one bad row refuses the whole file with a 400 listing the bad rows (by CSV line or
 * feature number) and what is wrong, and nothing is stored. A file of more rows than one import
 * takes is refused for that alone, counted before any row is read. Large files are read on the
 * import thread, so the event loop goes on answering meanwhile. A good file goes in one transaction.
 */
import type { FeatureImportRefusal, FeatureImportResult } from '../../../protocol/featurePoints.ts';
import { FEATURE_API } from '../../../protocol/featurePoints.ts';
import { CODE_ERROR } from '../../../protocol/http.ts';
import type { Envelope } from '../../../protocol/http.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import type { Lang } from '../messages.ts';
import { message, pickLang } from '../messages.ts';
import { requireInScope } from '../scope.ts';
import { ADD_ACCESS } from './featureScope.ts';
import { IMPORT_TEXT_MAX, importBody } from './featureSchemas.ts';
import type { ImportReading } from './importFile.ts';
import { readImportOffThread } from './importOffThread.ts';
import { pointPlaceholders, pointValues, POINT_COLUMNS } from './pointValues.ts';

/** Rows per insert statement. */
const CHUNK = 100;

/**
 * The `msg` of a refusal: what happened, then one line per listed problem (the console shows those
 * lines as the list), then how many were left out when the list was cut.
 */
function refusalText(reading: ImportReading, lang: Lang): string {
  const head = reading.tooMany
    ? message('feature.import_refused_file', lang)
    : message('feature.import_refused', lang, { rows: reading.badRows });
  const listed = reading.problems.map((p) => p.message);
  const unlisted = reading.problemTotal - listed.length;
  if (unlisted > 0)
    listed.push(
      message('feature.import_unlisted', lang, { count: unlisted, total: reading.problemTotal }),
    );
  return [head, ...listed].join('\n');
}

export function registerFeatureImportRoute(app: ZodApp, deps: AppDeps): void {
  app.post(
    FEATURE_API.import,
    {
      config: { access: ADD_ACCESS },
      bodyLimit: IMPORT_TEXT_MAX * 4 + 1024,
      schema: { body: importBody },
    },
    async (request, reply) => {
      const b = request.body;
      const caller = callerOf(request);
      await requireInScope(caller, b.workspace_id, 'workspace');
      const lang = pickLang(request.headers['accept-language']);
      const reading = await readImportOffThread({ format: b.format, text: b.text, lang });
      if (reading.problemTotal > 0) {
        const listed = reading.problems.slice(0, 5).map((p) => p.message);
        await audit(deps.db, request, {
          module: 'feature',
          action: 'add',
          target: `import ${b.format}`,
          result: 'failure',
          detail: `${String(reading.problemTotal)} problem(s): ${listed.join('; ')}`.slice(0, 500),
        });
        const body: Envelope<FeatureImportRefusal> = {
          code: CODE_ERROR,
          data: { problems: reading.problems, problem_total: reading.problemTotal },
          msg: refusalText(reading, lang),
        };
        return reply.status(400).send(body);
      }
      const { points } = reading;
      const label = { module: 'feature', action: 'add', target: `import ${b.format}` };
      const ids = await runChange(deps, request, label, async (tx) => {
        const added: number[] = [];
        for (let i = 0; i < points.length; i += CHUNK) {
          const chunk = points.slice(i, i + CHUNK);
          const params: unknown[] = [b.workspace_id, caller.userId, caller.username];
          const tuples = chunk.map((p) => {
            const from = params.length + 1;
            params.push(...pointValues(p));
            return `($1, $2, $3, ${pointPlaceholders(from)})`;
          });
          const rows = await tx.query<{ id: number }>(
            `insert into feature_points (workspace_id, creator_id, creator_name, ${POINT_COLUMNS})
             values ${tuples.join(', ')} returning id`,
            params,
          );
          added.push(...rows.map((r) => r.id));
        }
        await audit(tx, request, {
          ...label,
          detail: `${String(added.length)} point(s) imported from ${b.format}`,
        });
        return added;
      });
      return ok<FeatureImportResult>(request, { imported: ids.length, ids });
    },
  );
}
