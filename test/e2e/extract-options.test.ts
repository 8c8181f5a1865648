/**
 * One table of `extract()`'s options (issue 39, item 6): packages/pith/src/extract-options.ts.
 * The library's `ExtractOptions` is checked against it at compile time (index.ts); here, that
 * `pith extract` has a flag for each option the table gives one, that the service's schemas,
 * OpenAPI and settings take each option the table says it takes and pass it on to `extract()`,
 * and that the README's list is what the table writes (npm run docs:options).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { asIsExtractOptions as cliOptions, extractCommand } from '../../packages/cli/src/extract-command.js';
import {
  EXTRACT_OPTIONS,
  EXTRACT_OPTIONS_DOC_MARKERS,
  type ExtractOptionSpec,
  extractOptionsMarkdown,
} from '../../packages/pith/src/extract-options.js';
import { openApiDocument } from '../../packages/server/src/openapi.js';
import {
  batchRequestSchema,
  extractQuerySchema,
  extractRequestSchema,
  type JsonSchema,
} from '../../packages/server/src/schemas.js';
import {
  asIsExtractOptions as serviceOptions,
  settingsFrom,
  settingsFromQuery,
} from '../../packages/server/src/settings.js';
import { REPO_ROOT } from '../helpers.js';

const SPECS = EXTRACT_OPTIONS as readonly ExtractOptionSpec[];

/** A value of the option other than its default (what a flag or a setting would change). */
function changed(spec: ExtractOptionSpec): unknown {
  if (spec.type === 'boolean') return spec.default !== true;
  if (spec.choices) return spec.choices.find((choice) => choice !== spec.default);
  return spec.name === 'extractor' ? 'ttr' : `a ${spec.name}`;
}

const propertiesOf = (schema: JsonSchema) => schema.properties as Record<string, JsonSchema>;

describe("extract()'s options: one table", () => {
  test('pith extract has the flag the table gives each option, with its choices and default', () => {
    const command = extractCommand();
    for (const spec of SPECS) {
      if (!spec.cli) continue;
      const flags =
        'flag' in spec.cli ? [spec.cli.flag.replace(/ <.*$/, '').split(', ').at(-1)] : spec.cli.flags;
      for (const flag of flags) {
        const option = command.options.find((candidate) => candidate.long === flag);
        assert.ok(option, `${spec.name}: pith extract has no ${flag}`);
        if ('flag' in spec.cli) {
          assert.equal(option.attributeName(), spec.name, `${flag} is stored as ${spec.name}`);
          if (spec.choices) assert.deepEqual(option.argChoices, [...spec.choices], `${flag}'s choices`);
          if (spec.type === 'boolean') assert.equal(option.negate, spec.default === true, `${flag}'s sense`);
          else if (spec.default !== undefined) assert.equal(option.defaultValue, spec.default);
        }
      }
    }
  });

  test("pith extract passes the as-is options' flags to extract()", () => {
    for (const spec of SPECS) {
      if (spec.wiring !== 'as-is' || !spec.cli || !('flag' in spec.cli)) continue;
      const command = extractCommand();
      const flag = spec.cli.flag.replace(/ <.*$/, '');
      command.parseOptions(spec.type === 'boolean' ? [flag] : [flag, String(changed(spec))]);
      assert.deepEqual(
        (cliOptions(command.opts()) as Record<string, unknown>)[spec.name],
        changed(spec),
        `${flag} reaches extract() as ${spec.name}`,
      );
    }
  });

  test("the service's schemas and OpenAPI take each option the table says it takes, and no other", () => {
    const document = openApiDocument({
      maxBodyBytes: 1024,
      timeoutMs: 1000,
      maxAnswerBytes: 1024,
      maxBatch: 5,
      maxJobUrls: 5,
    }) as { components: { schemas: Record<string, JsonSchema> } };
    const schemas = {
      'the JSON body': extractRequestSchema,
      'the query string': extractQuerySchema,
      'a batch': batchRequestSchema(5),
      "OpenAPI's ExtractRequest": document.components.schemas.ExtractRequest,
      "OpenAPI's BatchRequest": document.components.schemas.BatchRequest,
    };
    for (const [where, schema] of Object.entries(schemas)) {
      const properties = propertiesOf(schema);
      for (const spec of SPECS) {
        // The page's url is a property of every request (the page to fetch, or the html's URL).
        if (spec.name === 'url') continue;
        assert.equal(Object.hasOwn(properties, spec.name), spec.service, `${where}: ${spec.name}`);
        if (!spec.service) continue;
        assert.equal(properties[spec.name].type, spec.type, `${where}: ${spec.name}'s type`);
        assert.match(String(properties[spec.name].description), /\S/, `${where}: ${spec.name} is described`);
      }
    }
  });

  test('the service passes each option it takes to extract(), its default filled in', () => {
    for (const spec of SPECS.filter((candidate) => candidate.service)) {
      const value = changed(spec);
      const fromBody = settingsFrom({ [spec.name]: value }) as unknown as Record<string, unknown>;
      const query = spec.type === 'boolean' ? { [spec.name]: value } : { [spec.name]: value };
      const fromQuery = settingsFromQuery(query) as unknown as Record<string, unknown>;
      for (const [where, settings] of [
        ['a JSON body', fromBody],
        ['a query string', fromQuery],
      ] as const) {
        assert.equal(settings[spec.name], value, `${where}: ${spec.name} is a setting`);
        if (spec.wiring === 'as-is') {
          const options = serviceOptions(settings as never) as Record<string, unknown>;
          assert.equal(options[spec.name], value, `${where}: ${spec.name} reaches extract()`);
        }
      }
      const defaults = settingsFrom({}) as unknown as Record<string, unknown>;
      if (spec.default !== undefined && spec.name !== 'contentFormat')
        assert.equal(defaults[spec.name], spec.default, `${spec.name}'s default`);
    }
  });

  test("the README's option list is what the table writes (npm run docs:options)", () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const [start, end] = EXTRACT_OPTIONS_DOC_MARKERS;
    const written = readme.slice(readme.indexOf(start) + start.length, readme.indexOf(end)).trim();
    assert.ok(readme.includes(start) && readme.includes(end), 'the README has the markers');
    assert.equal(written, extractOptionsMarkdown());
  });
});
