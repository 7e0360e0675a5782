"""The suite's shape (issue 55 item 13): every test file keeps a quick case in the README's run.

A file whose every test is behind the deep marker (pyproject.toml: `deep`) would leave its code
untested by the run a new user makes; read with `ast`, so that the check costs no collection.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _is_deep(node: ast.expr, aliases: set[str]) -> bool:
    """``pytest.mark.deep``, ``mark.deep``, a name bound to either, or a list/tuple holding one."""
    if isinstance(node, (ast.List, ast.Tuple)):
        return any(_is_deep(e, aliases) for e in node.elts)
    if isinstance(node, ast.Call):  # pytest.mark.deep(reason=...) is the mark too
        return _is_deep(node.func, aliases)
    if isinstance(node, ast.Attribute):
        mark = node.value
        return node.attr == "deep" and (isinstance(mark, ast.Attribute) and mark.attr == "mark"
                                        or isinstance(mark, ast.Name) and mark.id == "mark")
    return isinstance(node, ast.Name) and node.id in aliases


def _marked_deep(body: list[ast.stmt], aliases: set[str]) -> bool:
    """A ``pytestmark = ...`` in a module's or a class's body that holds the deep marker."""
    return any(isinstance(s, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in s.targets)
               and _is_deep(s.value, aliases) for s in body)


def _some_case_is_quick(function: ast.FunctionDef | ast.AsyncFunctionDef, aliases: set[str]) -> bool:
    if any(_is_deep(d, aliases) for d in function.decorator_list):
        return False
    for d in function.decorator_list:
        # @pytest.mark.parametrize(names, [pytest.param(..., marks=pytest.mark.deep), ...]): quick if
        # one case is not deep; values that are not a literal list are taken as quick
        if (isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr == "parametrize"
                and len(d.args) > 1 and isinstance(d.args[1], (ast.List, ast.Tuple))):
            if all(isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr == "param"
                   and any(k.arg == "marks" and _is_deep(k.value, aliases) for k in v.keywords)
                   for v in d.args[1].elts):
                return False
    return True


def quick_tests(source: str) -> list[str]:
    """The names of a test file's tests that have a case the default run (``-m 'not deep'``) keeps."""
    module = ast.parse(source)
    aliases = {t.id for s in module.body if isinstance(s, ast.Assign) and _is_deep(s.value, set())
               for t in s.targets if isinstance(t, ast.Name) and t.id != "pytestmark"}
    if _marked_deep(module.body, aliases):
        return []
    quick = []
    for node in module.body:
        functions: list[ast.stmt] = [node]
        if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            if any(_is_deep(d, aliases) for d in node.decorator_list) or _marked_deep(node.body, aliases):
                continue
            functions = node.body
        quick += [f.name for f in functions if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                  and f.name.startswith("test") and _some_case_is_quick(f, aliases)]
    return quick


def test_every_test_file_keeps_a_quick_case_in_the_default_run() -> None:
    files = sorted(TESTS.rglob("test_*.py"))
    assert len(files) > 100  # the suite's files were found
    wholly_deep = [str(f.relative_to(TESTS)) for f in files if not quick_tests(f.read_text(encoding="utf-8"))]
    assert wholly_deep == [], f"add a quick case (not marked deep) to each of {wholly_deep}"


def test_the_check_sees_a_file_whose_every_test_is_deep() -> None:
    wholly = ("import pytest\nfrom pytest import mark\ndeep = pytest.mark.deep\n"
              "@pytest.mark.deep\ndef test_a(): ...\n@mark.deep\nasync def test_b(): ...\n@deep\ndef test_c(): ...\n"
              "@pytest.mark.deep\nclass TestD:\n    def test_e(self): ...\n"
              "class TestF:\n    pytestmark = [pytest.mark.deep]\n    def test_g(self): ...\n"
              "@pytest.mark.parametrize('n', [pytest.param(1000, marks=pytest.mark.deep)])\ndef test_h(n): ...\n"
              "def helper(): ...\n")
    assert quick_tests(wholly) == []
    assert quick_tests("import pytest\npytestmark = pytest.mark.deep\ndef test_a(): ...\n") == []
    assert quick_tests(wholly + "def test_quick(): ...\n") == ["test_quick"]
    some = "@pytest.mark.parametrize('n', [20, pytest.param(1000, marks=[pytest.mark.deep])])\ndef test_n(n): ...\n"
    assert quick_tests("import pytest\n" + some) == ["test_n"]
    assert quick_tests("import pytest\npytestmark = pytest.mark.asyncio\nasync def test_a(): ...\n") == ["test_a"]
