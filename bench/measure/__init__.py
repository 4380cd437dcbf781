"""The benchmark's measurements of the page: each module's measure(bench) returns figures for
the JSON object `python3 build.py bench` prints (bench/run.py names them)."""
