-- Drives Neovim (0.7 and later), configured with docs/editors.md's init.lua, on a copy of a card
-- file (tests/editors/test_vim_neovim.py): asks for a hover on the first card's id, writes a
-- misspelt state and a line to complete as a designer would type them, waits for the server's
-- diagnostics, asks for completion inside a quote, and writes what came back as JSON to $CMDSL_OUT.
local WITHIN = 15000 -- ms: the server's start (its imports, the set's first check) on a busy machine
local out = {}

local function attached()
  if vim.lsp.get_clients then -- 0.10 and later (buf_get_clients is deprecated there)
    return #vim.lsp.get_clients({ bufnr = 0 })
  end
  return vim.tbl_count(vim.lsp.buf_get_clients(0))
end

local function request(method, line, character) -- 0-based, as the protocol counts
  local params = { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = line, character = character } }
  local results = {}
  for _, answer in pairs(vim.lsp.buf_request_sync(0, method, params, WITHIN) or {}) do
    table.insert(results, answer.result or vim.NIL)
  end
  return results
end

out.attached = vim.wait(WITHIN, function() return attached() > 0 end, 50)
out.hover = request("textDocument/hover", 3, 12) -- on "obama-main-street-vs-wall-street"
vim.api.nvim_buf_set_lines(0, 12, 13, true, {
  '      gain 2 supports on economy in "Pensylvania"',
  '      gain 1 support on economy in "Ohio"',
})
vim.wait(WITHIN, function() return #vim.diagnostic.get(0) > 0 end, 50)
out.diagnostics = vim.tbl_map(function(d) return d.message end, vim.diagnostic.get(0))
out.completion = request("textDocument/completion", 13, 38) -- after '"Oh'
vim.fn.writefile({ vim.fn.json_encode(out) }, os.getenv("CMDSL_OUT"))
vim.cmd("qa!")
