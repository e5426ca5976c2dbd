"""pytest settings for the notebooks (nbmake, ``--nbmake`` in pyproject's addopts).

CI runs every notebook at its small size: ``SNIPER_NB_QUICK=1`` unless the caller set it
(``sniper.arena.analysis.quick_mode``). The checkout is put first on the kernels' ``PYTHONPATH`` so the
notebooks import this ``sniper`` whether or not it is installed. The full-size run that produced
the committed outputs: ``SNIPER_NB_QUICK=0 python -m pytest notebooks --overwrite --nbmake-timeout=3600``.
"""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("SNIPER_NB_QUICK", "1")
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
