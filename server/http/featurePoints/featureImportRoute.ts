/**
 * `POST /api/feature/import`: a CSV or GeoJSON file's text. Every row is checked before anything is
 * written; one bad row refuses the whole file with a 400 listing each bad row (by CSV line or
 * feature number) and what is wrong, and nothing is stored. A good file goes in one transaction.
 */
import type { FeatureImportRefusal, FeatureImportResult } from '../../../protocol/featurePoints.ts';
import { FEATURE_API, FEATURE_IMPORT_MAX } from '../../../protocol/featurePoints.ts';
import { CODE_ERROR } from '../../../protocol/http.ts';
import type { Envelope } from '../../../protocol/http.ts';
import { readCsv, readGeoJson } from '../../featurePoints/pointFile.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { pickLang } from '../messages.ts';
import { requireInScope } from '../scope.ts';
import { ADD_ACCESS } from './featureScope.ts';
import { IMPORT_TEXT_MAX, importBody } from './featureSchemas.ts';
import { checkRows } from './importRows.ts';
import { pointPlaceholders, pointValues, POINT_COLUMNS } from './pointValues.ts';

/** Problems listed in the message at most; `data.problems` carries them all. */
const LISTED = 50;
/** Rows per insert statement. */
const CHUNK = 100;

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
      const read = b.format === 'csv' ? readCsv(b.text) : readGeoJson(b.text);
      const { points, problems } = checkRows(b.format, read.rows, read.problems, lang);
      if (problems.length === 0 && points.length === 0)
        problems.push({
          line: 0,
          field: 'text',
          message: lang === 'en' ? 'the file holds no points' : '文件中没有特征点',
        });
      if (points.length > FEATURE_IMPORT_MAX)
        problems.push({
          line: 0,
          field: 'text',
          message:
            lang === 'en'
              ? `at most ${String(FEATURE_IMPORT_MAX)} points per import`
              : `每次最多导入 ${String(FEATURE_IMPORT_MAX)} 个特征点`,
        });
      if (problems.length > 0) {
        const lines = new Set(problems.map((p) => p.line)).size;
        const head =
          lang === 'en'
            ? `Import refused: ${String(lines)} bad row(s), nothing was imported`
            : `导入被拒绝：${String(lines)} 行有误，未导入任何特征点`;
        const listed = problems.slice(0, LISTED).map((p) => p.message);
        if (problems.length > LISTED) listed.push('…');
        await audit(deps.db, request, {
          module: 'feature',
          action: 'add',
          target: `import ${b.format}`,
          result: 'failure',
          detail: `${String(problems.length)} problem(s): ${listed.slice(0, 5).join('; ')}`.slice(
            0,
            500,
          ),
        });
        const body: Envelope<FeatureImportRefusal> = {
          code: CODE_ERROR,
          data: { problems },
          msg: [head, ...listed].join('\n'),
        };
        return reply.status(400).send(body);
      }
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
