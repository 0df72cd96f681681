from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path

from scorer import api, tile_views

urlpatterns = [
    path("api/score", api.score, name="api-score"),
    path("tiles/<str:name>.webp", tile_views.tile_image, {"encoding": "webp"}, name="tile-image"),
    path("tiles/<str:name>.png", tile_views.tile_image, {"encoding": "png"}, name="tile-png"),
    path("tiles/<str:name>/<int:feature>.png", tile_views.tile_mask, name="tile-mask"),
]

urlpatterns += i18n_patterns(
    path("play/", include("scorer.urls")),
    path("", include("tutorial.urls")),
    prefix_default_language=True,
)

handler400 = "carcassonne_site.error_pages.bad_request"
