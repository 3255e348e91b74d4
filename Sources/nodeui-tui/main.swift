import CNcurses
import NodeCanvas
print("nodeui-tui")
