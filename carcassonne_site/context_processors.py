from django.http import HttpRequest
from django.utils.translation import get_language

from scorer.board_layer.languages import HREFLANG, alternates, direction


def site(request: HttpRequest) -> dict:
    """Language switcher links, hreflang alternates and the page's ``lang``/``dir``."""
    language = get_language()
    return {
        "languages": alternates(request.get_full_path()),
        "html_lang": HREFLANG.get(language, language),
        "html_dir": direction(),
    }
