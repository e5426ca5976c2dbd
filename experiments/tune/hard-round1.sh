#!/bin/bash
source /work/venv/bin/activate
cd /work/wt/tune
uptime
time python -m sniper tune hard --against normal --players 4 \
  --param bluff=0:0.25 --param raise_small=0.8:1.8 --param raise_mid=1.1:2.4 --param raise_big=1.3:3 \
  --param call_margin=0.8:2 --param position=0:0.8 --param aggression=0:4 --param raise_limit=6:30 --param short_stack=0:12 \
  --trials 40 --hands-per-trial 4000 --validate-hands 40000 --seed 1 --study /tmp/tune-studies/hard4 --json > /tmp/tune-studies/hard4.json
uptime
