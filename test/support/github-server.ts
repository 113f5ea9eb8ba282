// A loopback stand-in for the GitHub REST API: the calls sandbox-gate makes, with state in memory,
// GitHub's pagination, and every request (and every JSON response) checked against GitHub's published
// OpenAPI description. A test passes only if `violations` stays empty.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type ValidateFunction } from "ajv";
import formats from "ajv-formats";
import { schema as githubGraphqlSchema, validate as validateGraphql } from "@octokit/graphql-schema";
import { buildClientSchema, graphqlSync, type GraphQLSchema, type IntrospectionQuery } from "graphql";

// ---- the OpenAPI description ------------------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema: JsonObject;
}

export interface Operation {
  method: string;
  template: string;
  id: string;
  pattern: RegExp;
  /** Literal path segments: the more, the more specific (`/pulls/comments` before `/pulls/{pull_number}`). */
  literals: number;
  spec: JsonObject;
}

const METHODS = ["get", "put", "post", "patch", "delete", "head", "options"];

export class OpenApi {
  readonly operations: Operation[];
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: JsonObject) {
    formats.default(this.ajv);
    // Schemas refer to `#/components/...`; registered under an id, they resolve from anywhere.
    this.ajv.addSchema({ $id: "github", components: doc.components as Json }, undefined, undefined, false);
    this.operations = Object.entries(doc.paths as Record<string, JsonObject>)
      .flatMap(([template, item]) =>
        METHODS.filter((m) => item[m]).map((method) => {
          const spec = item[method] as JsonObject;
          const segments = template.split("/");
          const source = segments.map((s) =>
            /^\{\w+\}$/.test(s) ? "([^/]+)" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
          );
          return {
            method: method.toUpperCase(),
            template,
            id: String(spec.operationId),
            pattern: new RegExp(`^${source.join("/")}$`),
            literals: segments.filter((s) => s !== "" && !s.startsWith("{")).length,
            spec,
          };
        }),
      )
      .sort((a, b) => b.literals - a.literals);
  }

  /** Follows `$ref`s within the document. */
  resolve<T = JsonObject>(value: Json): T {
    let current = value as JsonObject;
    while (typeof current.$ref === "string") {
      current = current.$ref
        .slice(2)
        .split("/")
        .reduce<Json>(
          (node, key) => (node as JsonObject)[key.replace(/~1/g, "/").replace(/~0/g, "~")]!,
          this.doc,
        ) as JsonObject;
    }
    return current as T;
  }

  match(method: string, path: string): { operation: Operation; pathParams: Record<string, string> } | undefined {
    for (const operation of this.operations) {
      const found = operation.method === method && operation.pattern.exec(path);
      if (!found) continue;
      const names = [...operation.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      return { operation, pathParams: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(found[i + 1]!)])) };
    }
    return undefined;
  }

  parameters(operation: Operation): Parameter[] {
    return ((operation.spec.parameters ?? []) as Json[]).map((p) => this.resolve<Parameter>(p));
  }

  requestSchema(operation: Operation): { required: boolean; schema?: JsonObject } | undefined {
    if (!operation.spec.requestBody) return undefined;
    const body = this.resolve(operation.spec.requestBody);
    const content = body.content as Record<string, JsonObject> | undefined;
    return {
      required: body.required === true,
      schema: content?.["application/json"]?.schema as JsonObject | undefined,
    };
  }

  /** GitHub's own example answer of an operation (its `default`), to answer with where a whole object is needed. */
  example(operationId: string, status: number): JsonObject {
    const operation = this.operations.find((o) => o.id === operationId)!;
    const response = this.resolve((operation.spec.responses as JsonObject)[String(status)]!);
    const examples = (response.content as Record<string, JsonObject>)["application/json"]!.examples as JsonObject;
    return structuredClone(this.resolve<JsonObject>(examples.default!).value as JsonObject);
  }

  responseSchema(operation: Operation, status: number): JsonObject | undefined {
    const response = (operation.spec.responses as JsonObject | undefined)?.[String(status)];
    if (!response) return undefined;
    const content = this.resolve(response).content as Record<string, JsonObject> | undefined;
    return content?.["application/json"]?.schema as JsonObject | undefined;
  }

  /** Problems with `value`, none when it fits; compiled once per key. */
  check(key: string, schema: JsonObject, value: unknown): string[] {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(anchorRefs(schema) as JsonObject);
      this.validators.set(key, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`);
  }
}

// Inline schemas say `#/components/...`; compiled on their own they must point into the registered document.
function anchorRefs(value: Json): Json {
  if (Array.isArray(value)) return value.map(anchorRefs);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `github${v}` : anchorRefs(v),
    ]),
  );
}

let openApi: OpenApi | undefined;

/** GitHub's published description of api.github.com, from `@octokit/openapi`; parsed once per worker. */
export function githubOpenApi(): OpenApi {
  const file = createRequire(import.meta.url).resolve("@octokit/openapi/generated/api.github.com.json");
  openApi ??= new OpenApi(JSON.parse(readFileSync(file, "utf8")) as JsonObject);
  return openApi;
}

let graphqlSchema: GraphQLSchema | undefined;

/** GitHub's published GraphQL schema, from `@octokit/graphql-schema`: GraphQL is not in the OpenAPI description. */
function githubGraphql(): GraphQLSchema {
  graphqlSchema ??= buildClientSchema(githubGraphqlSchema.json as unknown as IntrospectionQuery);
  return graphqlSchema;
}

// Query and path values arrive as text; the schema says what they mean.
function coerce(value: string, schema: JsonObject): Json {
  if ((schema.type === "integer" || schema.type === "number") && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (schema.type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

/** Everything wrong with a request, by the OpenAPI description; empty when it is valid. */
function requestProblems(
  api: OpenApi,
  operation: Operation,
  pathParams: Record<string, string>,
  query: URLSearchParams,
  body: { contentType?: string; text: string },
): string[] {
  const problems: string[] = [];
  for (const where of ["path", "query"] as const) {
    const declared = api.parameters(operation).filter((p) => p.in === where);
    const given = where === "path" ? Object.entries(pathParams) : [...query.entries()];
    const values = Object.fromEntries(
      given.map(([name, value]) => [name, coerce(value, declared.find((p) => p.name === name)?.schema ?? {})]),
    );
    const schema: JsonObject = {
      type: "object",
      properties: Object.fromEntries(declared.map((p) => [p.name, p.schema])),
      required: declared.filter((p) => p.required).map((p) => p.name),
      additionalProperties: false,
    };
    problems.push(...api.check(`${operation.id} ${where}`, schema, values).map((p) => `${where} ${p}`));
  }
  const expected = api.requestSchema(operation);
  if (body.text === "") {
    if (expected?.required) problems.push("body required");
  } else if (!expected?.schema) {
    problems.push("no body expected");
  } else if (!/^application\/json\b/.test(body.contentType ?? "")) {
    problems.push(`body content-type ${body.contentType ?? "missing"}, expected application/json`);
  } else {
    try {
      const parsed = JSON.parse(body.text) as unknown;
      problems.push(...api.check(`${operation.id} body`, expected.schema, parsed).map((p) => `body ${p}`));
    } catch {
      problems.push("body is not JSON");
    }
  }
  return problems;
}

/** What is wrong with a JSON response, by the operation's declared schema for that status. */
export function responseProblems(api: OpenApi, operation: Operation, status: number, body: unknown): string[] {
  const schema = api.responseSchema(operation, status);
  return schema ? api.check(`${operation.id} ${status}`, schema, body) : [];
}

// ---- the fake ---------------------------------------------------------------------------------

export interface FakeUser {
  login: string;
  id: number;
  type: "User" | "Bot";
}

export const ACTIONS_BOT: FakeUser = { login: "github-actions[bot]", id: 41898282, type: "Bot" };
export const AGENT: FakeUser = { login: "coder[bot]", id: 9_000_001, type: "Bot" };
export const HUMAN: FakeUser = { login: "octocat", id: 583231, type: "User" };
/** A GitHub App other than the workflow's own, as its installation token writes. */
export const APP_BOT: FakeUser = { login: "gate-keeper[bot]", id: 9_100_002, type: "Bot" };
export const TOKEN = "ghs_fake_installation_token";
export const READ_ONLY_TOKEN = "ghs_fake_read_only_token";
/** A GitHub App's installation token (not the workflow's): GET /user refuses it, GraphQL's viewer names APP_BOT. */
export const APP_TOKEN = "ghs_fake_app_installation_token";
/** A personal access token of HUMAN's. */
export const PAT = "ghp_fake_personal_token";
/** The workflow's token in a job without `checks: write`: it comments, but GitHub refuses its checks. */
export const NO_CHECKS_TOKEN = "ghs_fake_token_without_checks";

export interface Violation {
  method: string;
  path: string;
  problem: string;
}

export interface LoggedRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  status: number;
  at: number;
  body?: unknown;
}

interface StoredComment {
  id: number;
  owner: string;
  repo: string;
  /** Issue or pull request number. */
  number: number;
  body: string;
  user: FakeUser;
  createdAt: string;
  updatedAt: string;
  /** Who edited it last, and when; unset while nobody has. */
  editor?: FakeUser;
  lastEditedAt?: string;
}

export interface StoredPull {
  owner: string;
  repo: string;
  number: number;
  headSha: string;
  /** The head branch's owner: another login for a fork's pull request. */
  headOwner: string;
  headRef: string;
  state: "open" | "closed";
}

export interface StoredReaction {
  id: number;
  /** `comment` or `review-comment`, and its id. */
  on: string;
  content: string;
  user: FakeUser;
}

export interface StoredCheckRun {
  id: number;
  owner: string;
  repo: string;
  name: string;
  headSha: string;
  conclusion: string;
  title: string;
  summary: string;
  /** The App that created it: its bot. Only that App may update it. */
  app: FakeUser;
  externalId: string;
  detailsUrl: string | null;
  /** How many times it was updated. */
  updates: number;
}

/** What a token is: an installation's (GITHUB_TOKEN, an App) or a user's (a personal access token). */
export type TokenKind = "installation" | "user";

interface StoredReviewComment extends StoredComment {
  path: string;
  line: number;
}

interface StoredReview extends StoredComment {
  state: string;
}

interface Failure {
  status: number;
  headers: Record<string, string>;
  /** Valid requests to let through first. */
  skip: number;
}

interface Reply {
  status: number;
  body?: Json;
  text?: string;
  headers?: Record<string, string>;
}

interface Route {
  owner: string;
  repo: string;
  /** Path and query parameters, as text. */
  params: Record<string, string>;
  body: JsonObject;
  user: FakeUser;
  readOnly: boolean;
  kind: TokenKind;
  /** May write checks. */
  checks: boolean;
  accept: string;
}

interface Token {
  user: FakeUser;
  readOnly: boolean;
  kind: TokenKind;
  /** May write checks (`checks: write`); every other permission as `readOnly` says. */
  checks?: boolean;
}

/** GitHub's own limit on comment bodies, in characters. */
const BODY_MAX = 65_536;
const DOCS = "https://docs.github.com/rest";
/** The diff of a pull request over GitHub's limits: `pulls/get` answers 406, as GitHub does. */
export const TOO_LARGE = "\0too large";
const COMMIT = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const EPOCH = Date.parse("2025-01-01T00:00:00Z");

export interface FakeGitHubOptions {
  /** Served under a path prefix, as GitHub Enterprise Server does with `/api/v3`. */
  basePath?: string;
}

export class FakeGitHub {
  readonly violations: Violation[] = [];
  readonly requests: LoggedRequest[] = [];
  /** Base URL for the client, `basePath` included. */
  url = "";
  private origin = "";
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((e: unknown) => res.writeHead(500).end(`fake GitHub failed: ${String(e)}`));
  });
  private readonly api = githubOpenApi();
  private readonly tokens = new Map<string, Token>([
    [TOKEN, { user: ACTIONS_BOT, readOnly: false, kind: "installation" }],
    [READ_ONLY_TOKEN, { user: ACTIONS_BOT, readOnly: true, kind: "installation" }],
    [APP_TOKEN, { user: APP_BOT, readOnly: false, kind: "installation" }],
    [PAT, { user: HUMAN, readOnly: false, kind: "user" }],
    [NO_CHECKS_TOKEN, { user: ACTIONS_BOT, readOnly: false, kind: "installation", checks: false }],
  ]);
  private readonly comments: StoredComment[] = [];
  private readonly pulls: StoredPull[] = [];
  readonly checkRuns: StoredCheckRun[] = [];
  readonly reactions: StoredReaction[] = [];
  private readonly reviewComments: StoredReviewComment[] = [];
  private readonly reviews: StoredReview[] = [];
  private readonly diffs = new Map<string, string>();
  private readonly refs = new Map<string, { base: string; head: string }>();
  private readonly failures: Failure[] = [];
  private perPageMax = 100;
  private nextId = 1_000_000_001;
  private clock = EPOCH;
  private remaining = 5000;

  constructor(private readonly options: FakeGitHubOptions = {}) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.origin = `http://127.0.0.1:${port}`;
    this.url = `${this.origin}${this.options.basePath ?? ""}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((e) => (e ? reject(e) : resolve())));
  }

  /**
   * The next `times` valid requests get `status`, with `headers` (e.g. retry-after) and GitHub's message;
   * `skip` lets that many valid requests through first, e.g. to fail the second page of a listing.
   */
  failNext(status: number, times = 1, headers: Record<string, string> = {}, { skip = 0 } = {}): void {
    for (let i = 0; i < times; i++) this.failures.push({ status, headers, skip: i === 0 ? skip : 0 });
  }

  /** GitHub caps `per_page` at 100; a lower cap makes many pages out of few items. */
  setPerPageMax(max: number): void {
    this.perPageMax = max;
  }

  /** A bot's token is an installation's, anyone else's a personal one, unless `kind` says. */
  addToken(
    token: string,
    user: FakeUser,
    readOnly = false,
    kind: TokenKind = user.type === "Bot" ? "installation" : "user",
  ): void {
    this.tokens.set(token, { user, readOnly, kind });
  }

  /** Someone edits a comment in place, as GitHub's web page would: a new body, a new updated_at, an editor. */
  editIssueComment(id: number, body: string, editor: FakeUser): StoredComment {
    const comment = this.comments.find((c) => c.id === id);
    if (!comment) throw new Error(`no issue comment ${id}`);
    comment.body = body;
    comment.updatedAt = this.tick();
    comment.editor = editor;
    comment.lastEditedAt = comment.updatedAt;
    return comment;
  }

  addPullRequest(pull: Omit<StoredPull, "state" | "headOwner" | "headRef"> & Partial<StoredPull>): StoredPull {
    const stored: StoredPull = { state: "open", headOwner: pull.owner, headRef: `agent/${pull.number}`, ...pull };
    this.pulls.push(stored);
    return stored;
  }

  /** A check run on a commit, e.g. one that another App (or the workflow's job itself) left there. */
  addCheckRun(
    run: Pick<StoredCheckRun, "owner" | "repo" | "name" | "headSha" | "app"> & Partial<StoredCheckRun>,
  ): StoredCheckRun {
    const stored: StoredCheckRun = {
      id: this.nextId++,
      // GitHub's description allows no null conclusion (an unfinished run): the fake's runs are all finished.
      conclusion: "success",
      title: "",
      summary: "",
      externalId: "",
      detailsUrl: null,
      updates: 0,
      ...run,
    };
    this.checkRuns.push(stored);
    return stored;
  }

  addIssueComment(owner: string, repo: string, issue: number, body: string, user: FakeUser = AGENT): StoredComment {
    const comment = this.newComment(owner, repo, issue, body, user);
    this.comments.push(comment);
    return comment;
  }

  addReviewComment(
    owner: string,
    repo: string,
    pull: number,
    body: string,
    user: FakeUser = AGENT,
    path = "src/app.py",
    line = 1,
  ): StoredReviewComment {
    const comment = { ...this.newComment(owner, repo, pull, body, user), path, line };
    this.reviewComments.push(comment);
    return comment;
  }

  addReview(
    owner: string,
    repo: string,
    pull: number,
    body: string,
    user: FakeUser = AGENT,
    state = "COMMENTED",
  ): StoredReview {
    const review = { ...this.newComment(owner, repo, pull, body, user), state };
    this.reviews.push(review);
    return review;
  }

  /** The pull request's diff; TOO_LARGE for one GitHub refuses to send. */
  setDiff(owner: string, repo: string, pull: number, diff: string): void {
    this.diffs.set(key(owner, repo, pull), diff);
  }

  /** The commits the pull request goes from and to, for its JSON form. */
  setRefs(owner: string, repo: string, pull: number, refs: { base: string; head: string }): void {
    this.refs.set(key(owner, repo, pull), refs);
  }

  issueComments(owner: string, repo: string, issue: number): readonly StoredComment[] {
    return this.comments.filter((c) => key(c.owner, c.repo, c.number) === key(owner, repo, issue));
  }

  private newComment(owner: string, repo: string, number: number, body: string, user: FakeUser): StoredComment {
    const at = this.tick();
    return { id: this.nextId++, owner, repo, number, body, user, createdAt: at, updatedAt: at };
  }

  // A clock that moves one second per write: stable, ordered timestamps.
  private tick(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString().replace(/\.\d{3}Z$/, "Z");
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const entry: LoggedRequest = { method, path: `${url.pathname}${url.search}`, status: 0, at: Date.now() };
    if (text !== "") entry.body = safeJson(text);
    this.requests.push(entry);
    const violation = (problem: string) => this.violations.push({ method, path: entry.path, problem });

    const { reply, operation } = this.answer(req, method, url, text, violation);
    if (operation && reply.body !== undefined) {
      for (const problem of responseProblems(this.api, operation, reply.status, reply.body))
        violation(`response ${reply.status}: ${problem}`);
    }
    entry.status = reply.status;
    res.writeHead(reply.status, {
      "content-type":
        reply.text !== undefined ? "application/vnd.github.diff; charset=utf-8" : "application/json; charset=utf-8",
      "x-github-api-version-selected": "2022-11-28",
      "x-github-request-id": `FAKE:${this.requests.length}`,
      ...this.rateLimitHeaders(),
      ...reply.headers,
    });
    res.end(reply.text ?? (reply.body === undefined ? "" : JSON.stringify(reply.body)));
  }

  private answer(
    req: IncomingMessage,
    method: string,
    url: URL,
    text: string,
    violation: (problem: string) => void,
  ): { reply: Reply; operation?: Operation } {
    const base = this.options.basePath ?? "";
    if (method === "POST" && url.pathname === this.graphqlPath())
      return { reply: this.graphqlAnswer(req, text, violation) };
    const found = url.pathname.startsWith(base) ? this.api.match(method, url.pathname.slice(base.length)) : undefined;
    if (!found) {
      violation("no such operation in GitHub's OpenAPI description");
      return { reply: error(404, "Not Found") };
    }
    const { operation, pathParams } = found;
    const auth = /^(?:token|Bearer) (\S+)$/i.exec(req.headers.authorization ?? "");
    if (!auth) violation("no Authorization header");
    if (!req.headers["user-agent"]) violation("no User-Agent header (GitHub requires one)");
    const problems = requestProblems(this.api, operation, pathParams, url.searchParams, {
      contentType: req.headers["content-type"],
      text,
    });
    problems.forEach(violation);
    if (!auth) return { reply: error(401, "Requires authentication"), operation };
    if (problems.length > 0) return { reply: error(400, `Invalid request: ${problems.join("; ")}`), operation };
    const token = this.tokens.get(auth[1]!);
    if (!token) return { reply: error(401, "Bad credentials"), operation };

    const failure = this.takeFailure();
    if (failure) return { reply: injected(failure), operation };

    const handler = this.routes[operation.id];
    if (!handler) {
      violation(`${operation.id} is valid but not played by this fake`);
      return { reply: error(501, "Not Implemented"), operation };
    }
    const route: Route = {
      owner: pathParams.owner!,
      repo: pathParams.repo!,
      params: { ...pathParams, ...Object.fromEntries(url.searchParams) },
      body: text === "" ? {} : (JSON.parse(text) as JsonObject),
      user: token.user,
      readOnly: token.readOnly,
      kind: token.kind,
      checks: !token.readOnly && token.checks !== false,
      accept: req.headers.accept ?? "",
    };
    return { reply: handler(route, url), operation };
  }

  private readonly routes: Record<string, (route: Route, url: URL) => Reply> = {
    "issues/list-comments": (r, url) =>
      this.page(
        url,
        r.params,
        this.issueComments(r.owner, r.repo, Number(r.params.issue_number)).map((c) => this.commentJson(c)),
      ),
    "issues/create-comment": (r) =>
      this.write(r, () => {
        const comment = this.commentJson(
          this.addIssueComment(r.owner, r.repo, Number(r.params.issue_number), String(r.body.body), r.user),
        );
        return { status: 201, body: comment, headers: { location: String(comment.url) } };
      }),
    "issues/update-comment": (r) =>
      this.write(r, () => {
        const comment = this.comments.find(
          (c) => c.id === Number(r.params.comment_id) && key(c.owner, c.repo, 0) === key(r.owner, r.repo, 0),
        );
        if (!comment) return error(404, "Not Found");
        comment.body = String(r.body.body);
        comment.updatedAt = this.tick();
        comment.editor = r.user;
        comment.lastEditedAt = comment.updatedAt;
        return { status: 200, body: this.commentJson(comment) };
      }),
    "pulls/list-review-comments": (r, url) =>
      this.page(
        url,
        r.params,
        this.reviewComments.filter((c) => this.on(c, r)).map((c) => this.reviewCommentJson(c)),
      ),
    "pulls/list-reviews": (r, url) =>
      this.page(
        url,
        r.params,
        this.reviews.filter((c) => this.on(c, r)).map((c) => this.reviewJson(c)),
      ),
    "users/get-authenticated": (r) =>
      r.kind === "user"
        ? { status: 200, body: this.publicUserJson(r.user) }
        : error(403, "Resource not accessible by integration"),
    "repos/list-pull-requests-associated-with-commit": (r, url) =>
      this.page(
        url,
        r.params,
        // GitHub does not always associate a fork's commit with the pull request it heads.
        this.pulls
          .filter((p) => this.inRepo(p, r) && p.headSha === r.params.commit_sha && p.headOwner === p.owner)
          .map((p) => this.simplePullJson(p)),
      ),
    "pulls/list": (r, url) =>
      this.page(
        url,
        r.params,
        this.pulls
          .filter((p) => this.inRepo(p, r) && (r.params.state ?? "open") === p.state)
          .filter((p) => r.params.head === undefined || r.params.head === `${p.headOwner}:${p.headRef}`)
          .map((p) => this.simplePullJson(p)),
      ),
    "checks/create": (r) => {
      const refused = this.checksRefused(r);
      if (refused) return refused;
      const run = this.addCheckRun({
        owner: r.owner,
        repo: r.repo,
        name: String(r.body.name),
        headSha: String(r.body.head_sha),
        app: r.user,
      });
      this.writeCheckRun(run, r.body);
      return { status: 201, body: this.checkRunJson(run) };
    },
    "checks/list-for-ref": (r) => {
      const on = this.checkRuns.filter(
        (c) =>
          key(c.owner, c.repo, 0) === key(r.owner, r.repo, 0) &&
          c.headSha === r.params.ref &&
          (r.params.check_name === undefined || c.name === r.params.check_name),
      );
      // `latest` (the default): the most recent run of each name of each App, as GitHub shows them.
      const shown =
        (r.params.filter ?? "latest") === "latest"
          ? on.filter((c, i) => !on.slice(i + 1).some((d) => d.name === c.name && d.app.id === c.app.id))
          : on;
      const perPage = Math.min(Number(r.params.per_page ?? 30), this.perPageMax);
      const runs = shown.slice(0, perPage).map((c) => this.checkRunJson(c));
      return { status: 200, body: { total_count: shown.length, check_runs: runs } };
    },
    "checks/update": (r) => {
      const refused = this.checksRefused(r);
      if (refused) return refused;
      const run = this.checkRuns.find(
        (c) => c.id === Number(r.params.check_run_id) && key(c.owner, c.repo, 0) === key(r.owner, r.repo, 0),
      );
      if (!run) return error(404, "Not Found");
      // Only the App that created a check run may change it.
      if (run.app.id !== r.user.id)
        return error(403, "Invalid app_id - check run can only be modified by the GitHub App that created it.");
      this.writeCheckRun(run, r.body);
      run.updates++;
      return { status: 200, body: this.checkRunJson(run) };
    },
    "reactions/create-for-issue-comment": (r) => this.react(r, `comment-${r.params.comment_id}`),
    "reactions/create-for-pull-request-review-comment": (r) => this.react(r, `review-comment-${r.params.comment_id}`),
    "reactions/delete-for-issue-comment": (r) => this.unreact(r, `comment-${r.params.comment_id}`),
    "reactions/delete-for-pull-request-comment": (r) => this.unreact(r, `review-comment-${r.params.comment_id}`),
    "pulls/get": (r) => {
      const pull = key(r.owner, r.repo, Number(r.params.pull_number));
      if (!/^application\/vnd\.github(?:\.v3)?\.diff$/.test(r.accept)) {
        const refs = this.refs.get(pull);
        return refs === undefined ? error(404, "Not Found") : { status: 200, body: this.pullJson(r, refs) };
      }
      const diff = this.diffs.get(pull);
      // What GitHub says of a diff over its limits (300 files, 20 000 lines).
      if (diff === TOO_LARGE)
        return {
          status: 406,
          body: {
            message: "Sorry, the diff exceeded the maximum number of lines (20000)",
            errors: [{ resource: "PullRequest", field: "diff", code: "too_large" }],
            documentation_url: DOCS,
            status: "406",
          },
        };
      return diff === undefined ? error(404, "Not Found") : { status: 200, text: diff };
    },
  };

  // Only an App may write checks, and only with `checks: write`.
  private checksRefused(r: Route): Reply | undefined {
    if (r.kind !== "installation") return error(403, "You must authenticate via a GitHub App.");
    return r.checks ? undefined : error(403, "Resource not accessible by integration");
  }

  private writeCheckRun(run: StoredCheckRun, body: JsonObject): void {
    const output = body.output as JsonObject | undefined;
    if (body.name !== undefined) run.name = String(body.name);
    if (body.conclusion !== undefined) run.conclusion = String(body.conclusion);
    if (body.external_id !== undefined) run.externalId = String(body.external_id);
    if (body.details_url !== undefined) run.detailsUrl = String(body.details_url);
    if (output) {
      run.title = String(output.title ?? "");
      run.summary = String(output.summary ?? "");
    }
  }

  private react(r: Route, on: string): Reply {
    if (r.readOnly) return error(403, "Resource not accessible by integration");
    const [kind, id] = [on.replace(/-\d+$/, ""), Number(on.replace(/^.*-/, ""))];
    const exists = (kind === "comment" ? this.comments : this.reviewComments).some((c) => c.id === id);
    if (!exists) return error(404, "Not Found");
    const content = String(r.body.content);
    const same = this.reactions.find((x) => x.on === on && x.content === content && x.user.id === r.user.id);
    const reaction = same ?? { id: this.nextId++, on, content, user: r.user };
    if (!same) this.reactions.push(reaction);
    const json = {
      id: reaction.id,
      node_id: `REA_lADOfake${reaction.id}`,
      user: this.userJson(reaction.user),
      content,
      created_at: "2025-01-01T00:00:00Z",
    };
    return { status: same ? 200 : 201, body: json };
  }

  private unreact(r: Route, on: string): Reply {
    if (r.readOnly) return error(403, "Resource not accessible by integration");
    const at = this.reactions.findIndex((x) => x.on === on && x.id === Number(r.params.reaction_id));
    if (at >= 0) this.reactions.splice(at, 1);
    return { status: 204 };
  }

  // The next injected failure, once the valid requests it lets through first have gone by.
  private takeFailure(): Failure | undefined {
    const failure = this.failures[0];
    if (failure && failure.skip > 0) failure.skip--;
    else if (failure) return this.failures.shift();
    return undefined;
  }

  private inRepo(p: StoredPull, r: Route): boolean {
    return key(p.owner, p.repo, 0) === key(r.owner, r.repo, 0);
  }

  // GHES serves GraphQL at /api/graphql beside its REST root /api/v3; github.com at /graphql.
  private graphqlPath(): string {
    const base = this.options.basePath ?? "";
    return base.endsWith("/v3") ? `${base.slice(0, -3)}/graphql` : `${base}/graphql`;
  }

  /**
   * GraphQL: the query is checked against GitHub's published GraphQL schema and run against it, so an
   * answer holds only fields the schema has, with its types. The fake knows the viewer and comment nodes.
   */
  private graphqlAnswer(req: IncomingMessage, text: string, violation: (problem: string) => void): Reply {
    const auth = /^(?:token|Bearer) (\S+)$/i.exec(req.headers.authorization ?? "");
    if (!auth) violation("no Authorization header");
    if (!req.headers["user-agent"]) violation("no User-Agent header (GitHub requires one)");
    const token = auth ? this.tokens.get(auth[1]!) : undefined;
    if (!token) return error(401, "Bad credentials");
    const body = safeJson(text) as { query?: unknown; variables?: unknown } | string;
    if (typeof body !== "object" || body === null || typeof body.query !== "string") {
      violation("GraphQL: the body is not {query, variables}");
      return error(400, "Problems parsing JSON");
    }
    const problems = validateGraphql(body.query).map((e) => e.message);
    if (problems.length > 0) {
      problems.forEach((p) => violation(`GraphQL: ${p}`));
      return { status: 200, body: { errors: problems.map((message) => ({ message })) } };
    }
    const failure = this.takeFailure();
    if (failure) return injected(failure);
    const actor = (user: FakeUser) => ({ __typename: user.type === "Bot" ? "Bot" : "User", login: user.login });
    const rootValue = {
      viewer: { login: token.user.login, databaseId: token.user.id },
      node: ({ id }: { id: string }) => {
        const comment = this.comments.find((c) => `IC_kwDOfake${c.id}` === id);
        if (!comment) return null;
        return {
          __typename: "IssueComment",
          editor: comment.editor ? actor(comment.editor) : null,
          lastEditedAt: comment.lastEditedAt ?? null,
        };
      },
    };
    const result = graphqlSync({
      schema: githubGraphql(),
      source: body.query,
      rootValue,
      variableValues: (body.variables ?? {}) as Record<string, unknown>,
    });
    if (result.errors) result.errors.forEach((e) => violation(`GraphQL: ${e.message}`));
    return { status: 200, body: JSON.parse(JSON.stringify(result)) as Json };
  }

  private on(c: StoredComment, r: Route): boolean {
    return key(c.owner, c.repo, c.number) === key(r.owner, r.repo, Number(r.params.pull_number));
  }

  // Writes need a token that may write, and bodies within GitHub's limit.
  private write(r: Route, perform: () => Reply): Reply {
    if (r.readOnly) return error(403, "Resource not accessible by integration");
    const length = Array.from(String(r.body.body)).length;
    if (length > BODY_MAX) {
      return {
        status: 422,
        body: {
          message: "Validation Failed",
          errors: [
            {
              resource: "IssueComment",
              code: "custom",
              field: "body",
              message: `body is too long (maximum is ${BODY_MAX} characters)`,
            },
          ],
          documentation_url: `${DOCS}/issues/comments#create-an-issue-comment`,
          status: "422",
        },
      };
    }
    return perform();
  }

  // GitHub's pagination: per_page (30 by default, capped), page from 1, and a Link header with
  // rel="prev", "next", "last", "first" in that order, each the request's URL with another page.
  private page(url: URL, params: Record<string, string>, items: Json[]): Reply {
    const perPage = Math.min(Number(params.per_page ?? 30), this.perPageMax);
    const page = Number(params.page ?? 1);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const link = (n: number, rel: string) => {
      const target = new URL(`${this.origin}${url.pathname}${url.search}`);
      target.searchParams.set("page", String(n));
      return `<${target.href}>; rel="${rel}"`;
    };
    const links = [
      page > 1 && link(page - 1, "prev"),
      page < last && link(page + 1, "next"),
      page < last && link(last, "last"),
      page > 1 && link(1, "first"),
    ].filter((l): l is string => typeof l === "string");
    return {
      status: 200,
      body: items.slice((page - 1) * perPage, page * perPage),
      ...(links.length > 0 && { headers: { link: links.join(", ") } }),
    };
  }

  private rateLimitHeaders(): Record<string, string> {
    this.remaining = Math.max(0, this.remaining - 1);
    return {
      "x-ratelimit-limit": "5000",
      "x-ratelimit-remaining": String(this.remaining),
      "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 3600),
      "x-ratelimit-used": String(5000 - this.remaining),
      "x-ratelimit-resource": "core",
    };
  }

  private userJson(user: FakeUser): JsonObject {
    const api = `${this.url}/users/${encodeURIComponent(user.login)}`;
    const web =
      user.type === "Bot"
        ? `https://github.com/apps/${user.login.replace(/\[bot\]$/, "")}`
        : `https://github.com/${user.login}`;
    return {
      login: user.login,
      id: user.id,
      node_id: `MDQ6VXNlcj${user.id}`,
      avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
      gravatar_id: "",
      url: api,
      html_url: web,
      followers_url: `${api}/followers`,
      following_url: `${api}/following{/other_user}`,
      gists_url: `${api}/gists{/gist_id}`,
      starred_url: `${api}/starred{/owner}{/repo}`,
      subscriptions_url: `${api}/subscriptions`,
      organizations_url: `${api}/orgs`,
      repos_url: `${api}/repos`,
      events_url: `${api}/events{/privacy}`,
      received_events_url: `${api}/received_events`,
      type: user.type,
      user_view_type: "public",
      site_admin: false,
    };
  }

  private publicUserJson(user: FakeUser): JsonObject {
    return {
      ...this.userJson(user),
      name: user.login,
      company: null,
      blog: "",
      location: null,
      email: null,
      hireable: null,
      bio: null,
      public_repos: 1,
      public_gists: 0,
      followers: 0,
      following: 0,
      created_at: "2011-01-26T19:01:12Z",
      updated_at: "2025-01-01T00:00:00Z",
    };
  }

  private repositoryJson(owner: string, repo: string): JsonObject {
    const api = `${this.url}/repos/${owner}/${repo}`;
    const templated = (name: string, suffix: string) => [`${name}_url`, `${api}/${suffix}`] as const;
    return {
      id: 1296269,
      node_id: "MDEwOlJlcG9zaXRvcnkxMjk2MjY5",
      name: repo,
      full_name: `${owner}/${repo}`,
      owner: this.userJson({ login: owner, id: 2, type: "User" }),
      private: false,
      html_url: `https://github.com/${owner}/${repo}`,
      description: null,
      fork: false,
      url: api,
      ...Object.fromEntries(
        [
          ["archive", "{archive_format}{/ref}"],
          ["assignees", "assignees{/user}"],
          ["blobs", "git/blobs{/sha}"],
          ["branches", "branches{/branch}"],
          ["collaborators", "collaborators{/collaborator}"],
          ["comments", "comments{/number}"],
          ["commits", "commits{/sha}"],
          ["compare", "compare/{base}...{head}"],
          ["contents", "contents/{+path}"],
          ["contributors", "contributors"],
          ["deployments", "deployments"],
          ["downloads", "downloads"],
          ["events", "events"],
          ["forks", "forks"],
          ["git_commits", "git/commits{/sha}"],
          ["git_refs", "git/refs{/sha}"],
          ["git_tags", "git/tags{/sha}"],
          ["issue_comment", "issues/comments{/number}"],
          ["issue_events", "issues/events{/number}"],
          ["issues", "issues{/number}"],
          ["keys", "keys{/key_id}"],
          ["labels", "labels{/name}"],
          ["languages", "languages"],
          ["merges", "merges"],
          ["milestones", "milestones{/number}"],
          ["notifications", "notifications{?since,all,participating}"],
          ["pulls", "pulls{/number}"],
          ["releases", "releases{/id}"],
          ["stargazers", "stargazers"],
          ["statuses", "statuses/{sha}"],
          ["subscribers", "subscribers"],
          ["subscription", "subscription"],
          ["tags", "tags"],
          ["teams", "teams"],
          ["trees", "git/trees{/sha}"],
          ["hooks", "hooks"],
        ].map(([name, suffix]) => templated(name!, suffix!)),
      ),
      git_url: `git://github.com/${owner}/${repo}.git`,
      ssh_url: `git@github.com:${owner}/${repo}.git`,
      clone_url: `https://github.com/${owner}/${repo}.git`,
      svn_url: `https://github.com/${owner}/${repo}`,
      mirror_url: null,
      homepage: null,
      language: "Python",
      license: null,
      forks: 0,
      forks_count: 0,
      stargazers_count: 0,
      watchers_count: 0,
      watchers: 0,
      size: 108,
      default_branch: "main",
      open_issues: 1,
      open_issues_count: 1,
      has_issues: true,
      has_projects: true,
      has_wiki: true,
      has_pages: false,
      has_downloads: true,
      archived: false,
      disabled: false,
      pushed_at: "2025-01-01T00:00:00Z",
      created_at: "2024-01-01T00:00:00Z",
      updated_at: "2025-01-01T00:00:00Z",
    };
  }

  /** A pull request as listings give it (pull-request-simple). */
  private simplePullJson(p: StoredPull): JsonObject {
    const api = `${this.url}/repos/${p.owner}/${p.repo}`;
    const html = `https://github.com/${p.owner}/${p.repo}/pull/${p.number}`;
    const link = (href: string) => ({ href });
    const branch = (owner: string, ref: string, sha: string) => ({
      label: `${owner}:${ref}`,
      ref,
      sha,
      user: this.userJson({ login: owner, id: 2, type: "User" }),
      repo: this.repositoryJson(owner, p.repo),
    });
    return {
      url: `${api}/pulls/${p.number}`,
      id: 100 + p.number,
      node_id: `PR_kwDOfake${p.number}`,
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      issue_url: `${api}/issues/${p.number}`,
      commits_url: `${api}/pulls/${p.number}/commits`,
      review_comments_url: `${api}/pulls/${p.number}/comments`,
      review_comment_url: `${api}/pulls/comments{/number}`,
      comments_url: `${api}/issues/${p.number}/comments`,
      statuses_url: `${api}/statuses/${p.headSha}`,
      number: p.number,
      state: p.state,
      locked: false,
      title: "Agent: implement add()",
      user: this.userJson(AGENT),
      body: null,
      labels: [],
      milestone: null,
      created_at: "2025-01-01T00:00:00Z",
      updated_at: "2025-01-01T00:00:00Z",
      closed_at: null,
      merged_at: null,
      merge_commit_sha: null,
      assignee: null,
      head: branch(p.headOwner, p.headRef, p.headSha),
      base: branch(p.owner, "main", COMMIT),
      _links: {
        self: link(`${api}/pulls/${p.number}`),
        html: link(html),
        issue: link(`${api}/issues/${p.number}`),
        comments: link(`${api}/issues/${p.number}/comments`),
        review_comments: link(`${api}/pulls/${p.number}/comments`),
        review_comment: link(`${api}/pulls/comments{/number}`),
        commits: link(`${api}/pulls/${p.number}/commits`),
        statuses: link(`${api}/statuses/${p.headSha}`),
      },
      author_association: "NONE",
      auto_merge: null,
    };
  }

  private checkRunJson(run: StoredCheckRun): JsonObject {
    const api = `${this.url}/repos/${run.owner}/${run.repo}/check-runs/${run.id}`;
    const slug = run.app.login.replace(/\[bot\]$/, "");
    return {
      id: run.id,
      node_id: `CR_kwDOfake${run.id}`,
      head_sha: run.headSha,
      external_id: run.externalId,
      url: api,
      html_url: `https://github.com/${run.owner}/${run.repo}/runs/${run.id}`,
      details_url: run.detailsUrl ?? `https://github.com/${run.owner}/${run.repo}/runs/${run.id}`,
      status: "completed",
      conclusion: run.conclusion,
      started_at: "2025-01-01T00:00:00Z",
      completed_at: "2025-01-01T00:00:00Z",
      output: {
        title: run.title,
        summary: run.summary,
        text: null,
        annotations_count: 0,
        annotations_url: `${api}/annotations`,
      },
      name: run.name,
      check_suite: { id: 5 },
      app: {
        // The workflow's token is the github-actions App's; any other bot is an App of its own.
        id: run.app.id === ACTIONS_BOT.id ? 15368 : run.app.id,
        slug,
        node_id: "MDM6QXBwMTUzNjg=",
        owner: this.userJson({ login: "github", id: 9919, type: "User" }),
        name: slug,
        description: null,
        external_url: `https://github.com/apps/${slug}`,
        html_url: `https://github.com/apps/${slug}`,
        created_at: "2018-07-30T09:30:17Z",
        updated_at: "2019-12-10T19:04:12Z",
        permissions: { checks: "write", pull_requests: "write" },
        events: [],
      },
      pull_requests: [],
    };
  }

  private repoUrls(c: StoredComment) {
    const api = `${this.url}/repos/${c.owner}/${c.repo}`;
    return { api, web: `https://github.com/${c.owner}/${c.repo}` };
  }

  /** A pull request as GitHub answers for it: GitHub's own example, with this pull request's number and commits. */
  private pullJson(r: Route, refs: { base: string; head: string }): JsonObject {
    const pull = this.api.example("pulls/get", 200);
    const number = Number(r.params.pull_number);
    (pull.base as JsonObject).sha = refs.base;
    (pull.head as JsonObject).sha = refs.head;
    // The example's requested team lacks a field its own schema has since required: no team is asked here.
    return { ...pull, number, url: `${this.url}/repos/${r.owner}/${r.repo}/pulls/${number}`, requested_teams: [] };
  }

  private commentJson(c: StoredComment): JsonObject {
    const { api, web } = this.repoUrls(c);
    const url = `${api}/issues/comments/${c.id}`;
    return {
      id: c.id,
      node_id: `IC_kwDOfake${c.id}`,
      url,
      html_url: `${web}/pull/${c.number}#issuecomment-${c.id}`,
      body: c.body,
      user: this.userJson(c.user),
      created_at: c.createdAt,
      updated_at: c.updatedAt,
      issue_url: `${api}/issues/${c.number}`,
      author_association: c.user.type === "Bot" ? "NONE" : "CONTRIBUTOR",
      performed_via_github_app: null,
      reactions: reactions(`${url}/reactions`),
    };
  }

  private reviewCommentJson(c: StoredReviewComment): JsonObject {
    const { api, web } = this.repoUrls(c);
    const url = `${api}/pulls/comments/${c.id}`;
    const html = `${web}/pull/${c.number}#discussion_r${c.id}`;
    const pull = `${api}/pulls/${c.number}`;
    return {
      url,
      pull_request_review_id: c.id + 1,
      id: c.id,
      node_id: `PRRC_kwDOfake${c.id}`,
      diff_hunk: "@@ -1,1 +1,1 @@",
      path: c.path,
      position: c.line,
      original_position: c.line,
      commit_id: COMMIT,
      original_commit_id: COMMIT,
      user: this.userJson(c.user),
      body: c.body,
      created_at: c.createdAt,
      updated_at: c.updatedAt,
      html_url: html,
      pull_request_url: pull,
      author_association: "NONE",
      _links: { self: { href: url }, html: { href: html }, pull_request: { href: pull } },
      line: c.line,
      original_line: c.line,
      // GitHub also sends start_side: null, which the description's enum does not allow: left out.
      side: "RIGHT",
      subject_type: "line",
      reactions: reactions(`${url}/reactions`),
    };
  }

  private reviewJson(r: StoredReview): JsonObject {
    const { api, web } = this.repoUrls(r);
    const html = `${web}/pull/${r.number}#pullrequestreview-${r.id}`;
    const pull = `${api}/pulls/${r.number}`;
    return {
      id: r.id,
      node_id: `PRR_kwDOfake${r.id}`,
      user: this.userJson(r.user),
      body: r.body,
      state: r.state,
      html_url: html,
      pull_request_url: pull,
      _links: { html: { href: html }, pull_request: { href: pull } },
      submitted_at: r.createdAt,
      commit_id: COMMIT,
      author_association: "NONE",
    };
  }
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  return new FakeGitHub(options).start();
}

function key(owner: string, repo: string, number: number): string {
  // Owner and repository names are case-insensitive on GitHub.
  return `${owner}/${repo}#${number}`.toLowerCase();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function reactions(url: string): JsonObject {
  return { url, total_count: 0, "+1": 0, "-1": 0, laugh: 0, confused: 0, heart: 0, hooray: 0, eyes: 0, rocket: 0 };
}

function error(status: number, message: string): Reply {
  return { status, body: { message, documentation_url: DOCS, status: String(status) } };
}

// What GitHub says with each kind of refusal.
function refusal(status: number, headers: Record<string, string>): string {
  if (headers["x-ratelimit-remaining"] === "0") return "API rate limit exceeded for installation ID 1.";
  if (headers["retry-after"] !== undefined || status === 429) {
    return "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.";
  }
  if (status === 403) return "Resource not accessible by integration";
  if (status === 404) return "Not Found";
  if (status === 422) return "Validation Failed";
  return status >= 500 ? "Server Error" : "Error";
}

function injected({ status, headers }: Failure): Reply {
  const reply = error(status, refusal(status, headers));
  if (status === 422) {
    reply.body = {
      ...(reply.body as JsonObject),
      errors: [{ resource: "IssueComment", code: "custom", field: "body", message: "is invalid" }],
    };
  }
  return { ...reply, headers };
}
