import json
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def fixture_path():
    return lambda name: FIXTURES / name


@pytest.fixture
def board_document():
    return lambda name: json.loads((FIXTURES / name).read_text(encoding="utf-8"))
