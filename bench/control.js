// Control page of `build.py bench`: the least a page can do for a tap — change one line of
// text in the tap's own task and mark it as the game's choosing taps do ("tammany-choice"), so
// bench/measure/actions.py times it by the very same method. Its p95 is the floor that the
// machine, the browser and the display's frame rhythm set for any page.
const line = document.getElementById("line");
let taps = 0;
document.getElementById("tap").addEventListener("click", () => {
  taps += 1;
  line.textContent = `Tapped ${taps} times.`;
  performance.mark("tammany-choice");
});
performance.mark("tammany-ready");
document.documentElement.dataset.ready = "1";
