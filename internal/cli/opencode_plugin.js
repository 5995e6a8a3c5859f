// governance: this OpenCode plugin was written by `governance install opencode`.
// Run that command again to update it and `governance uninstall opencode` to
// remove it; edits here are overwritten.
//
// Every tool call is sent to governance-hook before it runs: a denied call
// throws, and OpenCode hands the message to the model as the tool's error.
// Session events are forwarded so that governance keeps each session's
// state. OpenCode runs a subagent in a child session: the plugin tracks which
// session started which, and the agent behind each, so that the agent's file
// governs its calls. It imports nothing from npm.
import { spawn } from "node:child_process";

const HOOK = __HOOK__;
const TIMEOUT_MS = __TIMEOUT_MS__;

export const Governance = async ({ directory }) => {
  const parents = new Map(); // session -> the session that started it
  const agents = new Map(); // session -> the agent behind it
  const spawning = new Map(); // session -> subagent types of its task calls not started yet
  const warnings = new Map(); // call -> warning for the model
  const context = new Map(); // root session -> context for the system prompt
  let defaultAgent = "build";
  let mcpServers = [];

  const root = (id) => {
    let r = id;
    for (let i = 0; i < 64 && parents.has(r); i++) r = parents.get(r);
    return r;
  };
  const depth = (id) => {
    let d = 0;
    for (let r = id; d < 64 && parents.has(r); d++) r = parents.get(r);
    return d;
  };

  // A hook that cannot run, fails or answers nonsense blocks the call.
  const failed = (why) => ({
    decision: "deny",
    message:
      "## BLOCKED: governance-hook failed\n\n**Reason:** " +
      why +
      "\n**Suggestion:** Ask the user to check the governance installation (`governance doctor`); calls stay blocked until the hook works.\n",
  });

  // ask runs governance-hook on one event and resolves to its reply.
  const ask = (payload) =>
    new Promise((resolve) => {
      let out = "";
      let err = "";
      let done = false;
      const finish = (reply) => {
        if (!done) {
          done = true;
          resolve(reply);
        }
      };
      let child;
      try {
        child = spawn(HOOK, ["opencode"], { stdio: ["pipe", "pipe", "pipe"], cwd: payload.directory });
      } catch (e) {
        finish(failed("could not start " + HOOK + ": " + e.message));
        return;
      }
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        finish(failed("governance-hook did not answer within " + TIMEOUT_MS / 1000 + "s"));
      }, TIMEOUT_MS);
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (err += d));
      child.on("error", (e) => {
        clearTimeout(timer);
        finish(failed("could not run " + HOOK + ": " + e.message));
      });
      child.on("close", (code) => {
        clearTimeout(timer);
        try {
          const reply = JSON.parse(out);
          if (reply && typeof reply === "object") {
            finish(reply);
            return;
          }
        } catch {}
        finish(failed("governance-hook exited with status " + code + " without an answer: " + err.trim()));
      });
      child.stdin.on("error", () => {});
      child.stdin.end(JSON.stringify(payload));
    });

  // who describes the session an event belongs to.
  const who = (sessionID) => {
    const p = { session_id: sessionID, root_session_id: root(sessionID), directory };
    if (parents.has(sessionID)) {
      p.parent_session_id = parents.get(sessionID);
      p.depth = depth(sessionID);
    }
    const agent = agents.get(sessionID);
    // The default agent of a top-level session is the main thread.
    if (agent && (parents.has(sessionID) || agent !== defaultAgent)) p.agent = agent;
    return p;
  };

  const forward = async (event, sessionID) => {
    if (!sessionID) return;
    const reply = await ask({ event, ...who(sessionID) });
    if (reply.context) context.set(root(sessionID), reply.context);
  };

  return {
    config: async (cfg) => {
      if (cfg && cfg.default_agent) defaultAgent = cfg.default_agent;
      // MCP tools are named <server>_<tool>: the longest server name wins.
      mcpServers = Object.keys((cfg && cfg.mcp) || {}).sort((a, b) => b.length - a.length);
    },

    event: async ({ event }) => {
      const props = event.properties || {};
      switch (event.type) {
        case "session.created": {
          const info = props.info || {};
          if (info.parentID) {
            parents.set(info.id, info.parentID);
            const queue = spawning.get(info.parentID) || [];
            const agent = info.agent || queue[0] || "general";
            const i = queue.indexOf(agent);
            if (i >= 0) queue.splice(i, 1);
            agents.set(info.id, agent);
          } else if (info.agent) {
            agents.set(info.id, info.agent);
          }
          return forward("session.created", info.id);
        }
        case "session.idle":
        case "session.compacted":
          return forward(event.type, props.sessionID);
        case "session.deleted":
          return forward(event.type, (props.info && props.info.id) || props.sessionID);
      }
    },

    "chat.message": async (input, output) => {
      const agent = (output && output.message && output.message.agent) || input.agent;
      if (agent) agents.set(input.sessionID, agent);
    },

    "tool.execute.before": async (input, output) => {
      const payload = {
        event: "tool.execute.before",
        ...who(input.sessionID),
        tool: input.tool,
        call_id: input.callID,
        args: output.args || {},
      };
      const server = mcpServers.find((s) => input.tool.startsWith(s + "_"));
      if (server) payload.mcp = { server, tool: input.tool.slice(server.length + 1) };
      const reply = await ask(payload);
      if (reply.decision !== "allow" && reply.decision !== "defer") {
        throw new Error(reply.message || "governance blocked this call.");
      }
      if (reply.args && typeof reply.args === "object") {
        for (const k of Object.keys(output.args)) delete output.args[k];
        Object.assign(output.args, reply.args);
      }
      if (reply.warning) warnings.set(input.callID, reply.warning);
      if (input.tool === "task" && output.args && output.args.subagent_type) {
        const queue = spawning.get(input.sessionID) || [];
        queue.push(output.args.subagent_type);
        spawning.set(input.sessionID, queue);
      }
    },

    "tool.execute.after": async (input, output) => {
      const warning = warnings.get(input.callID);
      if (warning) {
        warnings.delete(input.callID);
        if (output && typeof output.output === "string") output.output += "\n\n" + warning;
      }
      await ask({
        event: "tool.execute.after",
        ...who(input.sessionID),
        tool: input.tool,
        call_id: input.callID,
        args: input.args || {},
      });
    },

    "experimental.chat.system.transform": async (input, output) => {
      const text = input && input.sessionID && context.get(root(input.sessionID));
      if (text && output && Array.isArray(output.system)) output.system.push(text);
    },
  };
};
