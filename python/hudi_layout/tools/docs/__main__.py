"""``python -m hudi_layout.tools.docs`` (``make readme``): rewrite every page's generated blocks."""
from . import main

if __name__ == "__main__":
    main()
