"""Sheets from the studio: File > Export image... (SVG, PNG or PDF by the name's
extension), File > Print... through a print preview, and the campaign library's
Export booklet... with a progress dialog.  Every question goes through an ``ask_*``
method and every failure through :meth:`SheetDialogs.show_error`, which tests replace.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtGui import QPageLayout, QPainter
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QProgressDialog, QWidget

from engine.check.open_files import open_campaign_with_scenarios
from engine.model.catalog import Catalog
from engine.model.files import atomic_write
from engine.model.formats import FormatError
from engine.model.scenario import Scenario

from .booklet import render_booklet
from .export import FORMATS, UNITS_PER_INCH, SheetError, make_sheet, paint_fitted, render_scenario
from .layout import Sheet

IMAGE_FILTER = "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"
PDF_FILTER = "PDF document (*.pdf)"


class Cancelled(Exception):
    """The designer pressed Cancel in the progress dialog."""


def print_sheet(printer: QPrinter, sheet: Sheet) -> None:
    """Draw ``sheet`` on ``printer``'s page (inside its margins), at most its own size."""
    printer.setPageOrientation(
        QPageLayout.Orientation.Landscape
        if sheet.size.width() > sheet.size.height() * 1.15
        else QPageLayout.Orientation.Portrait
    )
    page = printer.pageLayout().paintRectPixels(printer.resolution())
    p = QPainter(printer)
    paint_fitted(
        p, sheet, QRectF(0, 0, page.width(), page.height()), max_scale=printer.resolution() / UNITS_PER_INCH * 1.5
    )
    p.end()


class SheetDialogs(QObject):
    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.window = parent
        self.show_difficulty = False
        self.last_folder = Path.home()
        self.printer: QPrinter | None = None

    # --- questions (tests replace these) ---------------------------------------------------
    def ask_image_path(self, suggested: Path) -> str:
        return QFileDialog.getSaveFileName(self.window, "Export image", str(suggested), IMAGE_FILTER)[0]

    def ask_booklet_path(self, suggested: Path) -> str:
        return QFileDialog.getSaveFileName(self.window, "Export booklet", str(suggested), PDF_FILTER)[0]

    def show_error(self, title: str, message: str) -> None:
        QMessageBox.critical(self.window, title, message)

    # --- actions ----------------------------------------------------------------------------
    def export_image(self, scenario: Scenario, catalog: Catalog, source: Path | None = None) -> Path | None:
        """Ask for a file and write the sheet there; the extension picks the format."""
        folder = source.parent if source is not None else self.last_folder
        answer = self.ask_image_path(folder / f"{scenario.id}.png")
        if not answer:
            return None
        path = Path(answer)
        fmt = path.suffix.lstrip(".").lower()
        if fmt not in FORMATS:
            self.show_error("Export image", f"{path.name}: end the name with .png, .svg or .pdf to choose the format")
            return None
        try:
            data = render_scenario(scenario, catalog, fmt, show_difficulty=self.show_difficulty)
            atomic_write(path, data)
        except (SheetError, OSError) as exc:
            self.show_error("Export image", f"Could not export {path}: {exc}")
            return None
        self.last_folder = path.parent
        return path

    def preview(self, scenario: Scenario, catalog: Catalog) -> QPrintPreviewDialog:
        """The print preview of the open scenario's sheet (not yet shown)."""
        sheet = make_sheet(scenario, catalog, show_difficulty=self.show_difficulty)
        printer = self.printer = QPrinter(QPrinter.PrinterMode.HighResolution)  # the dialog does not own it
        printer.setDocName(scenario.name)
        dialog = QPrintPreviewDialog(printer, self.window)
        dialog.setWindowTitle(f"Print {scenario.name}")
        dialog.paintRequested.connect(lambda target: print_sheet(target, sheet))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        return dialog

    def print_scenario(self, scenario: Scenario, catalog: Catalog) -> None:
        self.preview(scenario, catalog).open()

    def export_booklet(self, campaign_path: Path, catalog: Catalog) -> Path | None:
        """Ask for a PDF file and write the campaign's booklet there, showing progress."""
        try:
            campaign, entries = open_campaign_with_scenarios(campaign_path)
        except FormatError as exc:
            self.show_error("Export booklet", str(exc))
            return None
        answer = self.ask_booklet_path(self.last_folder / f"{campaign.id}-booklet.pdf")
        if not answer:
            return None
        path = Path(answer)
        progress = QProgressDialog(f"Drawing the {campaign.name} booklet…", "Cancel", 0, 1, self.window)
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(300)

        def step(done: int, total: int) -> None:
            progress.setMaximum(total)
            progress.setValue(done)
            QApplication.processEvents()
            if progress.wasCanceled():
                raise Cancelled

        try:
            data = render_booklet(
                campaign, [s for _, s in entries], catalog, show_difficulty=self.show_difficulty, progress=step
            )
            atomic_write(path, data)
        except Cancelled:
            return None
        except (SheetError, OSError) as exc:
            self.show_error("Export booklet", f"Could not export {path}: {exc}")
            return None
        finally:
            progress.close()
        self.last_folder = path.parent
        return path
