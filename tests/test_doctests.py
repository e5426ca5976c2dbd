"""The docstring examples of the notebook façade and the modules it calls run as written."""

import doctest
import importlib

import pytest

MODULES = ["sniper", "sniper.history", "sniper.runs", "sniper.duel", "sniper.evaluator", "sniper.kernel_engine"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
