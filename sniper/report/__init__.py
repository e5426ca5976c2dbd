"""``sniper report``: a run's or a study's results as one self-contained HTML page (``build``), with the
charts of ``sniper.core.plots``."""
