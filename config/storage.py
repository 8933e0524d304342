"""Static files under hashed names, cached for ever, and pages that still work before collectstatic."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class HashedStaticStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's compressed manifest storage: after `collectstatic` every file is linked as
    `name.<hash>.ext` and WhiteNoise serves those names with a cache lifetime of ten years (a changed file
    gets a new name). A name the manifest does not hold (no collectstatic yet: the test suite, a first
    `runserver`) is linked under its plain name, which WhiteNoise finds in the apps (WHITENOISE_USE_FINDERS)
    and serves with a short lifetime."""

    def stored_name(self, name: str) -> str:
        try:
            return super().stored_name(name)
        except ValueError:  # not in the manifest (strict) or not collected at all
            return name
