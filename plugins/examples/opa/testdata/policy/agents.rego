# An example team policy for agent tool calls.
package governance

# Infrastructure is changed by the platform team's pipeline.
deny contains msg if {
	some cmd in input.commands
	cmd[0] == "terraform"
	cmd[1] in {"apply", "destroy"}
	msg := sprintf("terraform %s changes shared infrastructure, which only the platform pipeline does", [cmd[1]])
}

# Production kubeconfigs are off limits.
deny contains {"message": "kubectl against the production cluster is not for agents", "suggestion": "Use the staging context: kubectl --context staging ..."} if {
	some cmd in input.commands
	cmd[0] == "kubectl"
	some arg in cmd
	contains(arg, "prod")
}

# New dependencies need a person's look.
ask contains "adding a dependency needs a maintainer's approval" if {
	some cmd in input.commands
	cmd[0] in {"npm", "pnpm", "yarn"}
	cmd[1] in {"add", "install", "i"}
	count(cmd) > 2
}

# Subagents of an unlisted type need approval.
ask contains sprintf("subagent type %q is not on the team's list", [input.tool.input.subagent]) if {
	input.tool.kind == "agent"
	not input.tool.input.subagent in data.subagents
}
