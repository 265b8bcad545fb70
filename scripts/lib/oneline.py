"""argparse with the house contract for bad arguments: one line naming the
problem, exit 2 (argparse prints its usage and the error on two lines)."""
import argparse


class OneLineParser(argparse.ArgumentParser):
    def error(self, message):
        self.exit(2, f"{self.prog}: {message}\n")
