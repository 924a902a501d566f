extension View {
  /// Draws `state` into the part `rect` of `canvas` (in the canvas's coordinates): what a parent
  /// does with a child view, which then cannot draw outside its part.
  ///
  /// ```swift
  /// let (body, help) = Rect(width: canvas.width, height: canvas.height).splitting(bottom: 1)
  /// ListView(…).render(state, in: &canvas, region: body)
  /// ```
  public func render(_ state: State, in canvas: inout Canvas, region rect: Rect) {
    canvas.withRegion(rect) { render(state, in: &$0) }
  }
}
