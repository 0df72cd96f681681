from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path

from scorer import api

urlpatterns = [
    path("api/score", api.score, name="api-score"),
]

urlpatterns += i18n_patterns(
    path("", include("tutorial.urls")),
    prefix_default_language=True,
)
