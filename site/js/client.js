// A thin promise-based client for the game's worker (worker.js).
//
//   const client = new Client({ onStage });
//   await client.ready;                          // Python is up and the rules are imported
//   const answer = await client.call("hello");   // the bridge's parsed response (docs/api.md)
//
// Each call is one message to the worker and one message back — for a snapshot, two: the answer,
// then its choice tree (`answer.treeReady`, docs/api.md). The answers come back on a
// BroadcastChannel private to this client (a random name the worker is told first), not on the
// worker's postMessage: Chromium holds a worker's messages to the page back until the next frame
// after a tap (its main-thread scheduler defers posted-message tasks after discrete input, the
// DeferRendererTasksAfterInput feature), so an answer that came back in 3 ms was drawn one frame
// late. Broadcast-channel messages are not deferred. Without BroadcastChannel: postMessage.

// A channel name no other page can guess: the answers on it are this client's alone.
function privateChannelName() {
  const words = crypto.getRandomValues(new Uint32Array(4));
  return "tammany-answers-" + Array.from(words, (n) => n.toString(36)).join("");
}

export class Client {
  #worker;
  #pending = new Map();
  #trees = new Map(); // request id -> {answer, resolve}: a snapshot whose choice tree is to come
  #nextId = 1;
  #failBoot;
  #dead = null;
  #channel = null;

  /** `onStage({stage, percent})` follows the boot: "download" (with percent), "start", "rules". */
  constructor({ onStage = () => {}, url = new URL("./worker.js", import.meta.url) } = {}) {
    this.ready = new Promise((resolve, reject) => {
      this.#failBoot = reject;
      this.#worker = new Worker(url, { type: "module" });
      if (typeof BroadcastChannel === "function") {
        const name = privateChannelName();
        this.#channel = new BroadcastChannel(name);
        this.#channel.onmessage = ({ data }) => {
          if (data && data.type === "response") this.#settle(data);
          else if (data && data.type === "choices") this.#tree(data);
        };
        this.#worker.postMessage({ type: "channel", name });
      }
      this.#worker.onmessage = ({ data }) => {
        if (data.type === "stage") onStage(data);
        else if (data.type === "ready") resolve(data);
        else if (data.type === "error") this.#fail(new BootFailure(data.message, data.detail));
        else if (data.type === "response") this.#settle(data);
        else if (data.type === "choices") this.#tree(data);
      };
      this.#worker.onerror = (event) => {
        event.preventDefault();
        this.#fail(new BootFailure("The game's worker could not run.", event.message));
      };
    });
    this.ready.catch(() => {}); // a failed boot is reported to whoever awaits `ready`
  }

  /** Send one request to the bridge; resolves to its parsed JSON response. */
  call(method, params = {}) {
    const id = this.#nextId++;
    // A worker that has failed answers nothing: later calls reject at once, not hang.
    if (this.#dead) return Promise.reject(this.#dead);
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, method, params });
    });
  }

  /** Stop the worker; pending calls reject. */
  close() {
    this.#worker.terminate();
    this.#channel?.close();
    this.#fail(new Error("The game's worker was stopped."));
  }

  #settle({ id, json, error }) {
    const call = this.#pending.get(id);
    if (!call) return;
    this.#pending.delete(id);
    if (error !== undefined) { call.reject(new Error(error)); return; }
    const answer = JSON.parse(json);
    if (answer.choices_later) {
      // The choice tree comes in the worker's next message: `treeReady` resolves once it is
      // in `answer.choices` (or could not be had: then `choices` stays null).
      answer.treeReady = new Promise((resolve) => this.#trees.set(id, { answer, resolve }));
    }
    call.resolve(answer);
  }

  #tree({ id, json }) {
    const waiting = this.#trees.get(id);
    if (!waiting) return;
    this.#trees.delete(id);
    const { answer, resolve } = waiting;
    const tree = JSON.parse(json);
    if (tree.ok && tree.hash === answer.hash) answer.choices = tree.choices;
    answer.treeReady = null;
    resolve();
  }

  #fail(err) {
    this.#dead ??= err;
    this.#failBoot(err);
    for (const { reject } of this.#pending.values()) reject(err);
    this.#pending.clear();
    for (const { answer, resolve } of this.#trees.values()) { answer.treeReady = null; resolve(); }
    this.#trees.clear();
  }
}

/** The worker could not boot: `message` is for the player, `detail` for a bug report. */
export class BootFailure extends Error {
  constructor(message, detail = "") {
    super(message);
    this.name = "BootFailure";
    this.detail = detail;
  }
}
