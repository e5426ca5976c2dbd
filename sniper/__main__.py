from sniper.cli import main

main()
