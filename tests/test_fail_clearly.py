"""Bad input and a bad environment get a clear answer in the reader's language, never a bare 500
(issue 19): a Host the site does not list, a database that cannot be written or reached."""

from __future__ import annotations

import pytest
from django.test import Client

# -- A Host the site does not list ------------------------------------------------------------------

REFUSED_HOST_WORDS = {
    "en": "ALLOWED_HOSTS",
    "zh-hant": "這不是本網站會回應的位址",
    "zh-hans": "这不是本网站会响应的地址",
    "fa": "این نشانی‌ای نیست که این سایت به آن پاسخ دهد",
}


@pytest.mark.parametrize("language", sorted(REFUSED_HOST_WORDS))
@pytest.mark.parametrize("host", ["evil.example", "192.168.1.77:8000", "carcassonne.local"])
def test_a_host_the_site_does_not_list_gets_its_translated_400_page(language, host):
    client = Client(raise_request_exception=True)  # a failure while rendering would raise here
    response = client.get(f"/{language}/", HTTP_HOST=host)
    assert response.status_code == 400
    page = response.content.decode()
    assert REFUSED_HOST_WORDS[language] in page
    assert "ALLOWED_HOSTS" in page and "LAN=1" in page
    assert host in page  # the name as the phone used it, so the host knows what to add
    assert f'dir="{"rtl" if language == "fa" else "ltr"}"' in page
    assert 'rel="alternate"' not in page  # the hreflang links would need the refused host


def test_a_refused_host_is_answered_without_the_database():
    """No ``django_db`` mark: pytest-django makes any query raise, which would be a 500 here."""
    response = Client(raise_request_exception=True).get("/fa/play/", HTTP_HOST="evil.example")
    assert response.status_code == 400


def test_a_refused_host_on_a_post_gets_the_400_page_too():
    response = Client().post("/zh-hans/play/", {"name_0": "Mina"}, HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert "ALLOWED_HOSTS" in response.content.decode()


def test_a_host_shown_on_the_page_is_escaped_and_cut_short():
    host = "<b>x</b>" + "a" * 300
    response = Client().get("/en/", HTTP_HOST=host)
    assert response.status_code == 400
    page = response.content.decode()
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page
    assert "a" * 300 not in page


def test_an_error_page_that_cannot_render_falls_back_to_a_fixed_page(monkeypatch, rf):
    from carcassonne_site import error_pages

    def broken(*args, **kwargs):
        raise RuntimeError("template trouble")

    monkeypatch.setattr(error_pages, "render", broken)
    response = error_pages.bad_request(rf.get("/fa/"), None)
    assert response.status_code == 400
    assert "سایت" in response.content.decode()
