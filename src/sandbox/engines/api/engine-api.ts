// The Docker Engine API over its unix socket (or plain-TCP DOCKER_HOST): no CLI process per call.
//
// Measured on a 2-core runner (npm run bench): each docker CLI process costs ≈ 0.05 CPU-s, a request on
// a kept-alive socket costs the daemon's work only, so the per-candidate create/attach/start/wait/
// inspect/remove cycle is cheaper here than `docker run` + `docker inspect` + `docker rm`.
import { Agent, type ClientRequest, type IncomingMessage, request } from "node:http";
import type { Socket } from "node:net";

/** Where the engine listens: a unix socket path, or host and port for `tcp://` without TLS. */
export type Endpoint =
  { socketPath: string; host?: undefined; port?: undefined } | { host: string; port: number; socketPath?: undefined };

const DEFAULT_SOCKET = "/var/run/docker.sock";

/**
 * The endpoint DOCKER_HOST names, as the docker CLI reads it; undefined when only the CLI can reach it
 * (ssh://, TLS, a Docker context), so the caller falls back to the CLI.
 */
export function endpointFromEnv(env: NodeJS.ProcessEnv = process.env): Endpoint | undefined {
  if (env.DOCKER_CONTEXT) return undefined;
  const host = env.DOCKER_HOST?.trim();
  if (!host) return { socketPath: DEFAULT_SOCKET };
  if (host.startsWith("unix://")) return { socketPath: host.slice("unix://".length) };
  const tcp = /^tcp:\/\/([^:/]+|\[[^\]]+\]):(\d+)\/?$/.exec(host);
  if (tcp && !env.DOCKER_TLS_VERIFY && !env.DOCKER_CERT_PATH)
    return { host: tcp[1]!.replace(/^\[|\]$/g, ""), port: Number(tcp[2]) };
  return undefined;
}

export function describeEndpoint(endpoint: Endpoint): string {
  return endpoint.socketPath !== undefined
    ? `unix://${endpoint.socketPath}`
    : `tcp://${endpoint.host}:${endpoint.port}`;
}

/** The engine answered with an error status; `message` is the engine's own. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Replies kept from the engine's JSON answers; an inspect is a few kB. */
const MAX_REPLY_BYTES = 4 * 1024 * 1024;

export class EngineApi {
  readonly endpoint: Endpoint;
  // Kept alive: one connection serves many short calls, as the CLI cannot. Idle sockets are unref'd
  // by the agent, so they never keep the process up.
  readonly #agent = new Agent({ keepAlive: true });

  constructor(endpoint: Endpoint) {
    this.endpoint = endpoint;
  }

  /** A call whose answer is JSON (or empty); throws ApiError on an error status, Error when unreachable. */
  call<T = unknown>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return this.#exchange<T>(method, path, payload, payload ? { "Content-Type": "application/json" } : {}, signal);
  }

  /** A call whose body is a tar (`PUT /containers/{id}/archive`); its answer as `call`'s. */
  sendTar<T = unknown>(method: string, path: string, tar: Uint8Array, signal?: AbortSignal): Promise<T> {
    const payload = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
    return this.#exchange<T>(method, path, payload, { "Content-Type": "application/x-tar" }, signal);
  }

  async #exchange<T>(
    method: string,
    path: string,
    payload: Buffer | undefined,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<T> {
    const req = this.#request(method, path, this.#agent, headers, signal);
    const res = await responseOf(req, payload, this.endpoint);
    const text = await readBody(res);
    if (res.statusCode! >= 400) throw new ApiError(res.statusCode!, errorMessage(text, res.statusCode!));
    return (text === "" ? undefined : JSON.parse(text)) as T;
  }

  /**
   * A call that takes over the connection (attach, exec start): resolves with the raw stream once the
   * engine switched protocols. Its own connection, never the kept-alive pool's.
   */
  hijack(path: string, body?: unknown): Promise<Socket> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = {
      Connection: "Upgrade",
      Upgrade: "tcp",
      ...(payload ? { "Content-Type": "application/json" } : {}),
    };
    const req = this.#request("POST", path, false, headers);
    return new Promise((resolve, reject) => {
      req.on("upgrade", (_res, socket: Socket, head: Buffer) => {
        // Bytes that came with the switch belong to the stream.
        if (head.length > 0) socket.unshift(head);
        resolve(socket);
      });
      responseOf(req, payload, this.endpoint).then(
        async (res) => reject(new ApiError(res.statusCode!, errorMessage(await readBody(res), res.statusCode!))),
        reject,
      );
    });
  }

  /**
   * A call whose answer streams JSON lines (events): resolves once the engine answered, then feeds each
   * line to `onLine` until `close()`; `onEnd` when the engine ends it. Its own connection, which keeps
   * the process up until closed.
   */
  async lines(path: string, onLine: (value: unknown) => void, onEnd: () => void): Promise<{ close: () => void }> {
    const req = this.#request("GET", path, false, {});
    const res = await responseOf(req, undefined, this.endpoint);
    if (res.statusCode! >= 400) throw new ApiError(res.statusCode!, errorMessage(await readBody(res), res.statusCode!));
    let pending = "";
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      const parts = (pending + chunk).split("\n");
      pending = parts.pop()!;
      for (const line of parts) if (line.trim()) onLine(JSON.parse(line));
    });
    res.on("error", () => {});
    res.on("close", onEnd);
    return { close: () => req.destroy() };
  }

  #request(
    method: string,
    path: string,
    agent: Agent | false,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ): ClientRequest {
    const target =
      this.endpoint.socketPath !== undefined
        ? { socketPath: this.endpoint.socketPath }
        : { host: this.endpoint.host, port: this.endpoint.port };
    return request({
      ...target,
      method,
      path,
      agent,
      headers: { Host: "docker", ...headers },
      ...(signal ? { signal } : {}),
    });
  }
}

/** The response (any status but a protocol switch, which the `upgrade` event gets). */
function responseOf(req: ClientRequest, payload: Buffer | undefined, endpoint: Endpoint): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    req.on("response", resolve);
    req.on("error", (error: NodeJS.ErrnoException) => {
      // Worded as the CLI words it, so a message reads the same whichever way the engine was reached.
      const unreachable = ["ENOENT", "ECONNREFUSED", "EACCES", "ECONNRESET", "EPIPE"].includes(error.code ?? "");
      reject(
        unreachable
          ? new Error(`Cannot connect to the Docker daemon at ${describeEndpoint(endpoint)} (${error.code})`)
          : error,
      );
    });
    req.end(payload);
  });
}

function readBody(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REPLY_BYTES) chunks.push(chunk);
    });
    res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    res.on("error", reject);
  });
}

function errorMessage(text: string, status: number): string {
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === "string" && message) return message;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return text.trim().slice(0, 500) || `engine answered ${status}`;
}

/** Stream ids of the multiplexed attach stream. */
export const STDOUT = 1;
export const STDERR = 2;
const HEADER = 8;

/**
 * Splits the multiplexed stream of a non-TTY attach: frames of an 8-byte header (stream id, three
 * zero bytes, big-endian payload length) and the payload. Frames and headers may arrive split.
 */
export class FrameReader {
  #pending: Buffer = Buffer.alloc(0);

  constructor(readonly onFrame: (stream: number, payload: Buffer) => void) {}

  push(chunk: Buffer): void {
    let data = this.#pending.length > 0 ? Buffer.concat([this.#pending, chunk]) : chunk;
    while (data.length >= HEADER) {
      const size = data.readUInt32BE(4);
      if (data.length < HEADER + size) break;
      this.onFrame(data[0]!, data.subarray(HEADER, HEADER + size));
      data = data.subarray(HEADER + size);
    }
    this.#pending = Buffer.from(data);
  }

  /** Bytes of an unfinished frame when the stream ended (a protocol error if not 0). */
  get leftover(): number {
    return this.#pending.length;
  }
}
