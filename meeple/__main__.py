from meeple.cli.main import main

main()
