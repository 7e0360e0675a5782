" Drives Vim with ALE, configured with docs/editors.md's vimrc, on a copy of a card file
" (tests/editors/test_vim_neovim.py), in Ex mode (no terminal; :sleep lets ALE's jobs run): asks
" for a hover on the first card's id, writes a misspelt state and a line to complete, waits for
" ALE's problems from the server, asks for its quick fix and for completion inside a quote, and
" writes what came back as JSON to $CMDSL_OUT.
let s:tries = 300  " times 50 ms: the server's start on a busy machine
let s:out = {'loaded': exists('g:loaded_ale')}

function! s:Keep(key, response) abort
  let s:out[a:key] = get(a:response, 'result', v:null)
endfunction

function! s:Until(Done) abort
  for l:i in range(s:tries)
    if a:Done()
      return
    endif
    sleep 50m
  endfor
endfunction

function! s:Ask(key, message) abort
  call ale#lsp_linter#SendRequest(bufnr(''), 'cmdsl', a:message, function('s:Keep', [a:key]))
  call s:Until({-> has_key(s:out, a:key)})
endfunction

if s:out.loaded
  call s:Ask('hover', ale#lsp#message#Hover(bufnr(''), 4, 13))  " on the first card's id
  call setline(13, '      gain 2 supports on economy in "Pensylvania"')
  call append(13, '      gain 1 support on economy in "Ohio"')
  ALELint
  call s:Until({-> !empty(ale#engine#GetLoclist(bufnr('')))})
  let s:out.diagnostics = map(copy(ale#engine#GetLoclist(bufnr(''))), {_, item -> item.text})
  " :ALECodeAction's request at the cursor on "Pensylvania" (the diagnostic has no code: none is sent back)
  call s:Ask('actions', ale#lsp#message#CodeAction(bufnr(''), 13, 42, 13, 42, []))
  call s:Ask('completion', ale#lsp#message#Completion(bufnr(''), 14, 39, ''))  " after '"Oh'
endif
call writefile([json_encode(s:out)], $CMDSL_OUT)
qa!
