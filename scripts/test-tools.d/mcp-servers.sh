# Real MCP servers for the mcp-proxy end-to-end tests, at pinned versions,
# under .tools/mcp (the tests look for them there).
need_npm mcp @modelcontextprotocol/server-everything@2026.8.31 @modelcontextprotocol/server-filesystem@2026.8.31
