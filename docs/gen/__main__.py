"""``python -m docs.gen`` (``make readme``): rewrite every page's generated blocks."""
from . import main

if __name__ == "__main__":
    main()
