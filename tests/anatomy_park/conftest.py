from tests.anatomy_park.helpers import dice  # noqa: F401  (fixture)
