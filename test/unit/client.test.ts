/**
 * The typed client: its types are those openapi-typescript makes of the
 * document the routes generate (a route added without `npm run openapi`
 * fails here), and the compiler holds callers to them (the lines marked
 * @ts-expect-error must stay errors, or this file does not compile), with
 * errors that say what is wrong where it is wrong.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import ts from 'typescript';
import { gatehouseClient } from '../../client/gatehouse-client.js';
import { clientTypes, clientTypesFile } from '../../scripts/write-client-types.js';
import { openApiDocument } from '../../src/http/openapi.js';
import { startTestGatehouse } from '../helpers/gatehouse.js';

describe('the typed client', function () {
  it('is generated from the document the routes make, and committed up to date (run npm run openapi after a change)', async function () {
    const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    const server = await startTestGatehouse((config) => (config.metrics.enabled = true));
    try {
      const expected = await clientTypes(JSON.parse(JSON.stringify(openApiDocument(server.gatehouse.routes, version))) as object);
      expect(await readFile(clientTypesFile, 'utf8')).to.equal(expected);
    } finally {
      await server.stop();
    }
  });

  it('holds calls to the document: paths, methods, bodies and answers', async function () {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const answering = (status: number, body: unknown) => async (url: string | URL | Request, init?: RequestInit) => {
      calls.push([String(url), init]);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    };
    const client = gatehouseClient('http://gatehouse.test', { token: 'ghk_example' }, answering(201, { success: true, secret: 'ghk_made' }) as typeof fetch);
    const made = await client.request('post', '/api/admin/keys', { body: { name: 'wall', scopes: ['players:read'] } });
    expect(made.ok && made.status).to.equal(201);
    if (made.ok) {
      const secret: string = made.data.secret;
      expect(secret).to.equal('ghk_made');
    }
    await client.request('delete', '/api/admin/keys/{id}', { params: { id: 'key_1' } });
    await client.request('get', '/api/admin/audit', { query: { limit: 5 } });
    expect(calls.map(([url, init]) => `${init?.method} ${url}`)).to.deep.equal([
      'POST http://gatehouse.test/api/admin/keys',
      'DELETE http://gatehouse.test/api/admin/keys/key_1',
      'GET http://gatehouse.test/api/admin/audit?limit=5',
    ]);
    expect(calls[0]![1]!.headers).to.deep.include({ authorization: 'Bearer ghk_example', 'content-type': 'application/json' });
    const typeChecks = async () => {
      // @ts-expect-error: no such path
      await client.request('get', '/api/nowhere');
      // @ts-expect-error: /api/players has no POST
      await client.request('post', '/api/players');
      // @ts-expect-error: a key's body needs its scopes
      await client.request('post', '/api/admin/keys', { body: { name: 'wall' } });
      // @ts-expect-error: the path names its key
      await client.request('delete', '/api/admin/keys/{id}');
    };
    expect(typeChecks).to.be.a('function');
  });

  describe("the compiler's word on a mistake", function () {
    let directory: string;

    before(async function () {
      directory = await mkdtemp(path.join(os.tmpdir(), 'gatehouse-client-'));
    });

    after(async function () {
      await rm(directory, { recursive: true, force: true });
    });

    /**
     * The errors of `calls` (statements using `client`, made with `token`),
     * compiled as a dashboard would with `options` besides strict, each as
     * `<the code it points at>: <message>` (or `<file>: <message>` in another file).
     */
    async function compileErrors(calls: string, options: ts.CompilerOptions = {}): Promise<string[]> {
      const file = path.join(directory, `dashboard-${Date.now()}.mts`);
      const client = path.resolve('client/gatehouse-client.js');
      const text = `import { gatehouseClient } from ${JSON.stringify(client)};\ndeclare const token: string | undefined;\nconst client = gatehouseClient('http://gatehouse.lan:8080', { token });\n${calls}\n`;
      await writeFile(file, text);
      const program = ts.createProgram([file], {
        ...options,
        strict: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        noEmit: true,
        skipLibCheck: true,
      });
      return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
        const start = diagnostic.start ?? 0;
        const where = diagnostic.file?.fileName === file ? text.slice(start, start + (diagnostic.length ?? 0)) : path.relative(process.cwd(), diagnostic.file?.fileName ?? '');
        return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
      });
    }

    it('names a mistyped path, at the path, and the paths beside it', async function () {
      this.timeout(60_000);
      const errors = await compileErrors(
        "export const typo = await client.request('get', '/api/playres');\nexport const near = await client.request('get', '/api/admin/keys/{id}/rotat');",
      );
      expect(errors).to.have.length(2);
      expect(errors[0]).to.match(/^'\/api\/playres': .*\/api\/playres is not a path of the Gatehouse API/);
      expect(errors[1]).to.match(/^'\/api\/admin\/keys\/{id}\/rotat': .*"\/api\/admin\/keys\/{id}\/rotate"/);
    });

    it('names the methods a path has, at the method', async function () {
      this.timeout(60_000);
      const errors = await compileErrors("export const wrong = await client.request('post', '/api/players');");
      expect(errors).to.deep.equal([`'post': Argument of type '"post"' is not assignable to parameter of type '"get"'.`]);
    });

    it('requires the query where the operation requires one, and only there', async function () {
      this.timeout(60_000);
      const errors = await compileErrors(
        "export const bare = await client.request('get', '/api/leaderboard');\nexport const empty = await client.request('get', '/api/leaderboard', {});\nexport const players = await client.request('get', '/api/players');",
      );
      expect(errors).to.have.length(2);
      expect(errors[0]).to.match(/^request: Expected 3 arguments, but got 2/);
      expect(errors[1]).to.match(/^\{\}: .*Property 'query' is missing/);
    });

    it("compiles in a dashboard built with every strictness option TypeScript has (its files are the dashboard's own sources when copied)", async function () {
      this.timeout(60_000);
      const errors = await compileErrors("export const online = await client.request('get', '/api/players');\nexport const count = online.ok ? online.data.count : 0;", {
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noPropertyAccessFromIndexSignature: true,
        verbatimModuleSyntax: true,
        isolatedModules: true,
        noUnusedLocals: true,
        noUnusedParameters: true,
        noImplicitReturns: true,
        noImplicitOverride: true,
        noFallthroughCasesInSwitch: true,
        allowUnreachableCode: false,
        allowUnusedLabels: false,
      });
      expect(errors).to.deep.equal([]);
    });
  });

  describe('its README', function () {
    /** The first fenced block of `language` under the heading `heading` of client/README.md. */
    async function blockUnder(heading: string, language: string): Promise<string> {
      const readme = await readFile('client/README.md', 'utf8');
      const at = readme.indexOf(`\n## ${heading}\n`);
      expect(at, heading).to.be.at.least(0);
      const section = readme.slice(at);
      const block = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(section);
      expect(block, `a ${language} block under "${heading}"`).to.not.equal(null);
      return block![1]!;
    }

    it('has a worked example that compiles with the TypeScript settings it gives', async function () {
      this.timeout(60_000);
      const settings = ts.parseConfigFileTextToJson('tsconfig.json', await blockUnder('TypeScript settings', 'json'));
      const { options, errors: unreadable } = ts.convertCompilerOptionsFromJson((settings.config as { compilerOptions: object }).compilerOptions, process.cwd());
      expect(unreadable).to.deep.equal([]);
      const example = (await blockUnder('A worked example', 'ts')).replace("'./gatehouse/gatehouse-client.js'", JSON.stringify(path.resolve('client/gatehouse-client.js')));
      expect(example).to.include(path.resolve('client/gatehouse-client.js'));
      const directory = await mkdtemp(path.join(os.tmpdir(), 'gatehouse-client-example-'));
      try {
        const file = path.join(directory, 'daily-reward.mts');
        await writeFile(file, example);
        const program = ts.createProgram([file], { ...options, noEmit: true });
        expect(ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '))).to.deep.equal([]);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    });

    it('is linked from the README and wherever the docs mention the typed client', async function () {
      expect(await readFile('README.md', 'utf8')).to.match(/\| \[client\/README\.md\]\(client\/README\.md\) \|/);
      for (const file of ['docs/api.md', 'docs/keys.md']) expect(await readFile(file, 'utf8'), file).to.include('](../client/README.md');
    });
  });
});
