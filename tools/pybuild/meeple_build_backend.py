"""The PEP 517 build backend of pyproject.toml: setuptools.build_meta, so
that `pip install --no-build-isolation .` works in a plain venv too
(#43). A venv sees neither Debian's python3-setuptools nor python3-wheel
(setuptools before 70.1 needs wheel for bdist_wheel: "invalid command
'bdist_wheel'"), so when the venv lacks them they are taken from Debian's
dist-packages; nothing is downloaded."""
import sys

DEBIAN_DIST_PACKAGES = "/usr/lib/python3/dist-packages"


def _have(module):
    try:
        __import__(module)
        return True
    except ImportError:
        return False


if not (_have("setuptools") and _have("wheel")) and DEBIAN_DIST_PACKAGES not in sys.path:
    sys.path.append(DEBIAN_DIST_PACKAGES)

from setuptools.build_meta import *  # noqa: F401,F403,E402  (the backend's hooks)
